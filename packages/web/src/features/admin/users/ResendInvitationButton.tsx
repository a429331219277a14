import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { User } from '@perch/contract';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useMailDelivery } from '../api/mail-outbox-queries';
import { useSendInvitation } from '../api/user-queries';

/**
 * Mails the person a new invitation to choose a password (`POST /user/:id/invitation`); earlier
 * links stop working. When the server delivers no mail, the notice says the mail waits.
 */
export function ResendInvitationButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const send = useSendInvitation();
  const delivery = useMailDelivery();
  const errorMessage = useApiErrorMessage();
  const resend = () =>
    send.mutate(user.id, {
      onSuccess: () => {
        const queued = delivery.data?.configured === false;
        notifications.show({
          color: queued ? 'yellow' : 'teal',
          message: t(queued ? 'invitationQueued' : 'invitationResent', { email: user.email }),
        });
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: t('invitationNotResent'), message: errorMessage(error) }),
    });
  return (
    <Button
      variant="default"
      leftSection={<IconMailForward size={16} aria-hidden />}
      loading={send.isPending}
      onClick={resend}
    >
      {t('resendInvitation')}
    </Button>
  );
}
