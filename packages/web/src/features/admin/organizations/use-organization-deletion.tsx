import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ApiError } from '@perch/client';
import type { Organization } from '@perch/contract';
import { isSuperAdmin } from '@perch/contract/values';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useRequestOrganizationDeletion } from '../api/organization-queries';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { CopyIconButton } from '../../../shared/ui/CopyButtons';

/** What became of a request to delete: the code to enter behind the mailed link, or why not. */
type Outcome = { kind: 'sent'; code: string } | { kind: 'refused'; title: string; message: string };

/** The code shown to the admin, large and copyable. */
function DeletionCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" justify="center" wrap="nowrap">
      <Text ff="monospace" fz={32} fw={700} style={{ letterSpacing: '0.2em' }} aria-label={t('orgDeleteCode')}>
        {code}
      </Text>
      <CopyIconButton value={code} label={t('orgCopyCode')} iconSize={18} />
    </Group>
  );
}

/**
 * Deleting an organisation: a dialog that names it and says what is lost; then the server mails a
 * confirmation link to the admin and answers with a code, which the next dialog shows. Nothing
 * is deleted until the link is opened and the code entered there. Refusals (403: a super admin's
 * own organisation, or deleting switched off for org admins) are said in a dialog too.
 */
export function useOrganizationDeletion(): {
  ask: (org: Organization) => void;
  requesting: boolean;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const request = useRequestOrganizationDeletion();
  const confirmDelete = useConfirm();
  const errorMessage = useApiErrorMessage();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refusal = (org: Organization, error: unknown): string => {
    if (error instanceof ApiError && error.status === 403) {
      if (org.id === me.organizationId && isSuperAdmin(me.role)) return t('orgDeleteOwnRefused');
      if (!isSuperAdmin(me.role)) return t('orgDeleteDisabled');
    }
    return errorMessage(error);
  };

  const ask = (org: Organization) =>
    confirmDelete({
      title: t('deleteNamedQuestion', { name: org.name }),
      message: t('orgDeleteConfirmBody', { name: org.name, email: me.email }),
      confirmLabel: t('orgDeleteSendLink'),
      onConfirm: () =>
        request.mutate(org.id, {
          onSuccess: (code) => setOutcome({ kind: 'sent', code }),
          onError: (error) =>
            setOutcome({
              kind: 'refused',
              title:
                error instanceof ApiError && error.status === 403
                  ? t('orgDeleteRefusedTitle')
                  : t('orgDeleteNotRequested'),
              message: refusal(org, error),
            }),
        }),
    });

  const close = () => setOutcome(null);
  const dialogs = (
    <>
      <Modal opened={outcome?.kind === 'sent'} onClose={close} title={t('orgDeleteSentTitle')} centered>
        {outcome?.kind === 'sent' && (
          <Stack gap="md">
            <Text size="sm">{t('orgDeleteSentBody', { email: me.email })}</Text>
            <DeletionCode code={outcome.code} />
            <Text size="sm" c="dimmed">
              {t('orgDeleteSentValidity')}
            </Text>
            <Group justify="flex-end">
              <Button onClick={close} data-autofocus>
                {t('close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={outcome?.kind === 'refused'}
        onClose={close}
        title={outcome?.kind === 'refused' ? outcome.title : ''}
        centered
      >
        {outcome?.kind === 'refused' && (
          <Stack gap="md">
            <ErrorAlert>{outcome.message}</ErrorAlert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-autofocus>
                {t('close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
  return { ask, requesting: request.isPending, dialogs };
}
