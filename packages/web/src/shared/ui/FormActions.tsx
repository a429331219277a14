import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface FormActionsProps {
  submitLabel: string;
  /** An icon before the submit label (a floppy disk for Save). */
  submitIcon?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  /** A red submit button, for a step that removes something. */
  danger?: boolean;
  /** Leaves without submitting: what to do, or the address to go back to. */
  onCancel?: (() => void) | string;
  /** "Cancel" unless the step has a word of its own ("Later", "Keep booking"). */
  cancelLabel?: string;
  cancelDisabled?: boolean;
}

/** The buttons at the end of a form or dialog: cancel, then submit. */
export function FormActions({
  submitLabel,
  submitIcon,
  loading,
  disabled,
  danger = false,
  onCancel,
  cancelLabel,
  cancelDisabled,
}: FormActionsProps) {
  const { t } = useTranslation();
  const cancelText = cancelLabel ?? t('cancel');
  return (
    <Group justify="flex-end" gap="sm">
      {typeof onCancel === 'string' ? (
        <Button variant="default" component={Link} to={onCancel}>
          {cancelText}
        </Button>
      ) : (
        onCancel && (
          <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
            {cancelText}
          </Button>
        )
      )}
      <Button
        type="submit"
        color={danger ? 'red' : undefined}
        loading={loading}
        disabled={disabled}
        leftSection={submitIcon}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
