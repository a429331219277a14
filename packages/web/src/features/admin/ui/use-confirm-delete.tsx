import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteOptions {
  title: string;
  message: string;
  onConfirm: () => void;
}

/** Asks before something is deleted; the dialog starts on "Cancel" so Enter does no harm. */
export function useConfirmDelete(): (options: ConfirmDeleteOptions) => void {
  const { t } = useTranslation();
  return useCallback(
    ({ title, message, onConfirm }: ConfirmDeleteOptions) =>
      modals.openConfirmModal({
        title,
        children: <Text size="sm">{message}</Text>,
        labels: { confirm: t('delete'), cancel: t('cancel') },
        confirmProps: { color: 'red' },
        cancelProps: { 'data-autofocus': true },
        onConfirm,
      }),
    [t],
  );
}
