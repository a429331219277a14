import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteOptions {
  title: string;
  message: string;
  /** The confirm button's label when "Delete" is not the word (Remove, Send …). */
  confirmLabel?: string;
  onConfirm: () => void;
}

/** Asks before something is deleted; the dialog starts on "Cancel" so Enter does no harm. */
export function useConfirmDelete(): (options: ConfirmDeleteOptions) => void {
  const { t } = useTranslation();
  return useCallback(
    ({ title, message, confirmLabel, onConfirm }: ConfirmDeleteOptions) =>
      modals.openConfirmModal({
        title,
        children: <Text size="sm">{message}</Text>,
        labels: { confirm: confirmLabel ?? t('delete'), cancel: t('cancel') },
        confirmProps: { color: 'red' },
        cancelProps: { 'data-autofocus': true },
        closeButtonProps: { 'aria-label': t('close') },
        onConfirm,
      }),
    [t],
  );
}
