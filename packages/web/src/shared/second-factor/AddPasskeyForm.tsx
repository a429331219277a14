import { Alert, Anchor, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { addPasskeyErrorMessage, passkeyNameProblem } from './passkey-errors';
import { useAddPasskey, usePrimaryDomain } from './second-factor-queries';
import { passkeysSupported } from './webauthn';
import { ErrorAlert } from '../ui/ErrorAlert';
import { FormActions } from '../ui/FormActions';

/** This page's address on the primary domain (same scheme and port), where passkeys can be added. */
function addressOn(domain: string): string {
  const { protocol, port, pathname, search } = window.location;
  return `${protocol}//${domain}${port ? `:${port}` : ''}${pathname}${search}`;
}

/** Passkeys belong to the organisation's primary domain: elsewhere the browser cannot create one. */
function PrimaryDomainNotice() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const domain = usePrimaryDomain(user.email, true);
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      {domain.isPending ? (
        <Loader size="xs" aria-label={t('loading')} />
      ) : domain.data ? (
        <Text fz="sm">
          {t('passkeyOpenPrimaryDomain')}{' '}
          <Anchor href={addressOn(domain.data)} dir="ltr">
            {domain.data}
          </Anchor>
        </Text>
      ) : (
        <Text fz="sm">{t('passkeyOnlyOnPrimaryDomainUnknown')}</Text>
      )}
    </Alert>
  );
}

interface AddPasskeyFormProps {
  onAdded: () => void;
  onCancel?: () => void;
}

/** Names a new passkey, then lets the browser create it with the person's authenticator. */
export function AddPasskeyForm({ onAdded, onCancel }: AddPasskeyFormProps) {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const add = useAddPasskey();
  const domain = usePrimaryDomain(user.email, !user.isPrimaryDomain);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const supported = passkeysSupported();

  if (!supported)
    return (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('passkeyUnsupported')}
      </Alert>
    );
  if (!user.isPrimaryDomain) return <PrimaryDomainNotice />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passkeyNameProblem(name);
    setNameError(problem ? t(problem) : null);
    if (problem) return;
    add.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        onAdded();
      },
    });
  };

  const failure = add.isError
    ? addPasskeyErrorMessage(add.error, { onPrimaryDomain: user.isPrimaryDomain, primaryDomain: domain.data })
    : null;
  return (
    <form onSubmit={submit} noValidate aria-label={t('passkeyAddTitle')}>
      <Stack gap="sm">
        <Text fz="sm">{t('passkeyAddExplained')}</Text>
        {failure && <ErrorAlert compact>{t(failure.key, failure.values)}</ErrorAlert>}
        <TextInput
          label={t('passkeyName')}
          placeholder={t('passkeyNamePlaceholder')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            if (nameError) setNameError(null);
          }}
          error={nameError}
          maxLength={255}
          required
          data-autofocus
          autoComplete="off"
        />
        <FormActions
          submitLabel={t('passkeyCreate')}
          loading={add.isPending}
          onCancel={onCancel}
          cancelDisabled={add.isPending}
        />
      </Stack>
    </form>
  );
}
