import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmOptions {
  title: string;
  message: string;
  /** The confirm button's label when "Delete" is not the word (Remove, Send …). */
  confirmLabel?: string;
  /** Red confirm button, for what cannot be undone; off for a harmless step (new recovery codes). */
  danger?: boolean;
  onConfirm: () => void;
}

/** Asks before something is deleted or changed for good; the dialog starts on "Cancel" so Enter does no harm. */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { t } = useTranslation();
  return useCallback(
    ({ title, message, confirmLabel, danger = true, onConfirm }: ConfirmOptions) =>
      modals.openConfirmModal({
        title,
        children: <Text size="sm">{message}</Text>,
        labels: { confirm: confirmLabel ?? t('delete'), cancel: t('cancel') },
        confirmProps: danger ? { color: 'red' } : undefined,
        cancelProps: { 'data-autofocus': true },
        closeButtonProps: { 'aria-label': t('close') },
        onConfirm,
      }),
    [t],
  );
}
