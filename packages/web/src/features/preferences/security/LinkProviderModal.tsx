import { Button, Flex, List, Modal, Stack, Text } from '@mantine/core';
import type { Preflight } from '@perch/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveApp } from '../../../app/leave-app';
import type { Message } from '../../../i18n';
import { useStartProviderLink } from '../api/provider-link-queries';
import { providerLinkErrorMessage } from './provider-link-errors';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

/** A sign-in provider as the organisation's list names it. */
export type ProviderStub = Preflight['authProviders'][number];

interface LinkProviderModalProps {
  /** The provider to link to; null while the modal is closed. */
  provider: ProviderStub | null;
  email: string;
  /** Whether the account has a password, which stops working once it is linked. */
  hasPassword: boolean;
  onClose: () => void;
}

/**
 * Confirms linking the account to a provider: what changes (the provider only from then on, the
 * password no longer), then sends the browser to the provider's sign-in, which links the account
 * when the provider names its email.
 */
export function LinkProviderModal({ provider, email, hasPassword, onClose }: LinkProviderModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={provider !== null}
      onClose={onClose}
      title={provider ? t('providerLinkTitle', { provider: provider.name }) : ''}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
      centered
    >
      {/* Mounted while open only, so each opening starts without an old error. */}
      {provider && (
        <LinkProviderContent provider={provider} email={email} hasPassword={hasPassword} onClose={onClose} />
      )}
    </Modal>
  );
}

function LinkProviderContent({
  provider,
  email,
  hasPassword,
  onClose,
}: LinkProviderModalProps & { provider: ProviderStub }) {
  const { t } = useTranslation();
  const start = useStartProviderLink();
  const [failure, setFailure] = useState<Message | null>(null);
  const [leaving, setLeaving] = useState(false);
  const values = { provider: provider.name };

  const confirm = () => {
    setFailure(null);
    start.mutate(provider.id, {
      onSuccess: (url) => {
        setLeaving(true);
        leaveApp(url);
      },
      onError: (error) => setFailure(providerLinkErrorMessage(error)),
    });
  };

  return (
    <Stack gap="md">
      <Text fz="sm">{t('providerLinkIntro', values)}</Text>
      <List fz="sm" spacing={6}>
        <List.Item>
          {t('providerLinkSameEmail', values)} <bdi dir="ltr">{email}</bdi>
        </List.Item>
        <List.Item>{t('providerLinkOnlyProvider', values)}</List.Item>
        {hasPassword && <List.Item>{t('providerLinkPasswordStops')}</List.Item>}
      </List>
      {failure && <ErrorAlert compact>{t(failure.key, failure.values)}</ErrorAlert>}
      {/* Side by side where they fit; on a phone the way on comes first, each across the dialog. */}
      <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('cancel')}
        </Button>
        <Button
          onClick={confirm}
          loading={start.isPending || leaving}
          rightSection={<IconExternalLink size={16} aria-hidden className="mirror-in-rtl" />}
          // A long provider name wraps instead of being cut off.
          styles={{ root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal', paddingBlock: 6 } }}
        >
          {t('providerLinkContinue', values)}
        </Button>
      </Flex>
    </Stack>
  );
}
