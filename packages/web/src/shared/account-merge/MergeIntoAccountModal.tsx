import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { isEmail } from '@perch/contract/values';
import { IconClockHour4, IconExternalLink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';
import { requestMergeErrorMessage } from './merge-errors';
import { useRequestMerge } from './merge-queries';
import { perchAppUrl } from './perch-address';
import { ErrorAlert } from '../ui/ErrorAlert';
import { FormActions } from '../ui/FormActions';

interface MergeIntoAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * For the account the team wiki made: asks a regular account of the organisation to take it over.
 * The regular account then accepts within an hour in the web app.
 */
export function MergeIntoAccountModal({ opened, onClose }: MergeIntoAccountModalProps) {
  const { t } = useTranslation();
  // The content leaves the page while the modal is closed, so each opening starts afresh.
  return (
    <Modal opened={opened} onClose={onClose} title={t('mergeIntoAccount')} centered>
      <MergeIntoAccountContent onClose={onClose} />
    </Modal>
  );
}

function MergeIntoAccountContent({ onClose: close }: { onClose: () => void }) {
  const { t } = useTranslation();
  const request = useRequestMerge();
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const address = email.trim();
  const invalid = !isEmail(address);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (invalid) return;
    request.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (error) => setFailure(requestMergeErrorMessage(error)),
    });
  };

  return sentTo ? (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconClockHour4 size={18} aria-hidden />} title={t('mergeSentTitle')}>
        {t('mergeSentBody', { email: sentTo })}
      </Alert>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={close}>
          {t('close')}
        </Button>
        <Button
          component="a"
          href={perchAppUrl('/preferences?tab=security')}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          {t('openPerch')}
        </Button>
      </Group>
    </Stack>
  ) : (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t('mergeIntoAccountIntro')}</Text>
        {failure && <ErrorAlert compact>{t(failure.key, failure.values)}</ErrorAlert>}
        <TextInput
          label={t('mergeTargetEmail')}
          description={t('mergeTargetEmailHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t('emailPlaceholder')}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setFailure(null);
          }}
          error={tried && invalid ? t('errorInvalidEmail') : undefined}
          errorProps={{ role: 'alert' }}
          required
          data-autofocus
        />
        <FormActions submitLabel={t('mergeSend')} loading={request.isPending} onCancel={close} />
      </Stack>
    </form>
  );
}
