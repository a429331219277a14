import { Button, Divider, Stack } from '@mantine/core';
import type { Preflight } from '@perch/contract';
import { IconArrowLeft, IconKey, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from './FormErrorAlert';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';

interface ProviderStepProps {
  email: string;
  organisation: Preflight;
  /** Where to land after the provider sent the user back. */
  redirectTarget: string;
  onUsePassword: () => void;
  onBack: () => void;
}

/** The server runs the provider's sign-in flow; the browser leaves the app for it. */
function providerSignInUrl(providerId: string, redirectTarget: string): string {
  return `/auth/${encodeURIComponent(providerId)}/login/ui/?redir=${encodeURIComponent(redirectTarget)}`;
}

export function ProviderStep({ email, organisation, redirectTarget, onUsePassword, onBack }: ProviderStepProps) {
  const { t } = useTranslation();
  const { authProviders, disablePasswordLogin } = organisation;
  const noMethod = authProviders.length === 0 && disablePasswordLogin;
  return (
    <Stack gap="lg">
      <StepHeading
        title={t('loginToOrg', { org: organisation.organization.name })}
        subtitle={noMethod ? undefined : t('loginChooseMethod')}
      />
      <SignInIdentity email={email} />
      {noMethod && <FormErrorAlert message={{ key: 'errorNoAuthProviders' }} />}
      {authProviders.length > 0 && (
        <Stack gap="sm">
          {authProviders.map((provider) => (
            <Button
              key={provider.id}
              component="a"
              href={providerSignInUrl(provider.id, redirectTarget)}
              variant="default"
              size="md"
              fullWidth
              leftSection={<IconLogin2 size={18} aria-hidden className="mirror-in-rtl" />}
            >
              {t('signInWithProvider', { provider: provider.name })}
            </Button>
          ))}
        </Stack>
      )}
      {!disablePasswordLogin && (
        <>
          <Divider />
          <Button variant="light" fullWidth leftSection={<IconKey size={18} aria-hidden />} onClick={onUsePassword}>
            {t('signInWithPassword')}
          </Button>
        </>
      )}
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />}
        onClick={onBack}
      >
        {t('back')}
      </Button>
    </Stack>
  );
}
