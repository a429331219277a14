import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { CaldavDisconnectResult } from '@perch/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useDisconnectCaldav } from '../api/calendar-queries';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

export interface DisconnectOutcome extends CaldavDisconnectResult {
  removeEvents: boolean;
}

interface DisconnectCaldavModalProps {
  opened: boolean;
  onClose: () => void;
  onDisconnected: (outcome: DisconnectOutcome) => void;
}

/** Asks before disconnecting, and whether the events Perch wrote should be removed from the calendar too. */
export function DisconnectCaldavModal({ opened, onClose, onDisconnected }: DisconnectCaldavModalProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const disconnect = useDisconnectCaldav();
  const [removeEvents, setRemoveEvents] = useState(false);

  const close = () => {
    if (disconnect.isPending) return;
    disconnect.reset();
    setRemoveEvents(false);
    onClose();
  };

  const confirm = () =>
    disconnect.mutate(removeEvents, {
      onSuccess: (result) => {
        onDisconnected({ ...result, removeEvents });
        disconnect.reset();
        setRemoveEvents(false);
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('caldavDisconnectTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md">
        <Text fz="sm">{t('caldavDisconnectBody')}</Text>
        <Checkbox
          label={t('caldavDisconnectRemoveEvents')}
          description={t('caldavDisconnectRemoveEventsHint')}
          checked={removeEvents}
          onChange={(e) => setRemoveEvents(e.currentTarget.checked)}
        />
        {disconnect.isError && <ErrorAlert compact>{errorMessage(disconnect.error)}</ErrorAlert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} data-autofocus disabled={disconnect.isPending}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={disconnect.isPending}>
            {t('caldavDisconnect')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
