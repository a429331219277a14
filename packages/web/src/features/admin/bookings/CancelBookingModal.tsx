import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { REASON_MAX } from './admin-bookings';
import { FormActions } from '../../../shared/ui/FormActions';

export interface CancelTarget {
  id: string;
  person: string;
  space: string;
  area: string;
  when: string;
}

interface CancelBookingModalProps {
  /** The booking to cancel; null: closed. */
  target: CancelTarget | null;
  busy: boolean;
  /** Cancels with the reason ('' for none); rejects with the API's error. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
  /** The booking went: its row and button are gone, so the page places the focus itself. */
  returnFocus: boolean;
}

/**
 * "Cancel this booking?" for an admin: what and whose it is, and an optional reason that the
 * person reads in the cancellation mail. A refusal (say, too close to its start) is shown here.
 */
export function CancelBookingModal({ target, busy, onConfirm, onClose, returnFocus }: CancelBookingModalProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (target) {
      setReason('');
      setError(null);
    }
  }, [target]);
  const tooLong = reason.length > REASON_MAX;

  const submit = async () => {
    if (tooLong) return;
    setError(null);
    try {
      await onConfirm(reason);
    } catch (e) {
      setError(e);
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t('adminBookingsCancelTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
      returnFocus={returnFocus}
      centered
    >
      {target && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text style={{ overflowWrap: 'anywhere' }}>
              {t('adminBookingsCancelBody', {
                person: target.person,
                space: target.space,
                area: target.area,
                when: target.when,
              })}
            </Text>
            <Textarea
              label={t('adminBookingsReason')}
              description={`${t('adminBookingsReasonHint')} ${t('adminBookingsReasonCounter', { used: reason.length, max: REASON_MAX })}`}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={8}
              error={tooLong ? t('adminBookingsReasonTooLong', { count: REASON_MAX }) : undefined}
              errorProps={{ role: 'alert' }}
              data-autofocus
            />
            {error !== null && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {errorMessage(error)}
              </Alert>
            )}
            <FormActions
              submitLabel={t('cancelBooking')}
              danger
              loading={busy}
              disabled={tooLong}
              onCancel={onClose}
              cancelLabel={t('keepBooking')}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
