import { Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import type { Preflight } from '@perch/contract';
import { IconKey, IconLogin2 } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveApp } from '../../app/leave-app';
import { providerSignInUrl } from '../../shared/sign-in-providers/provider-sign-in-url';
import { FormErrorAlert } from './FormErrorAlert';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';
import { StepBackButton } from './StepBackButton';

interface ProviderStepProps {
  email: string;
  organisation: Preflight;
  /** Where to land after the provider sent the user back. */
  redirectTarget: string;
  /** False when the address says `?noredirect=1` (coming back from signing out of the provider). */
  mayRedirect: boolean;
  onUsePassword: () => void;
  onBack: () => void;
}

/**
 * The provider to go to at once: the only one, when nobody in the organisation
 * signs in with a password and the address does not say `noredirect`.
 */
export function automaticProvider(
  organisation: Preflight,
  mayRedirect: boolean,
): Preflight['authProviders'][number] | null {
  const [only, ...others] = organisation.authProviders;
  return mayRedirect && only && others.length === 0 && !organisation.requirePassword ? only : null;
}

/** The server runs the provider's sign-in flow; the browser leaves the app for it. */
export function ProviderStep({
  email,
  organisation,
  redirectTarget,
  mayRedirect,
  onUsePassword,
  onBack,
}: ProviderStepProps) {
  const { t } = useTranslation();
  const { authProviders, disablePasswordLogin } = organisation;
  const noMethod = authProviders.length === 0 && disablePasswordLogin;
  const automatic = automaticProvider(organisation, mayRedirect);
  const automaticUrl = automatic ? providerSignInUrl(automatic.id, redirectTarget) : null;

  useEffect(() => {
    if (automaticUrl) leaveApp(automaticUrl);
  }, [automaticUrl]);

  return (
    <Stack gap="lg">
      <StepHeading
        title={t('loginToOrg', { org: organisation.organization.name })}
        subtitle={noMethod || automatic ? undefined : t('loginChooseMethod')}
      />
      <SignInIdentity email={email} />
      {automatic && (
        <Group gap="sm" wrap="nowrap" role="status">
          <Loader size="sm" aria-hidden />
          <Text fz="sm">{t('providerRedirecting', { provider: automatic.name })}</Text>
        </Group>
      )}
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
      <StepBackButton onClick={onBack} />
    </Stack>
  );
}
