import { Button, Stack, Text } from '@mantine/core';
import type { AuthProvider } from '@perch/contract';
import { IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { providerTestUrl } from '../../../shared/sign-in-providers/provider-sign-in-url';
import type { ProviderKind } from './auth-provider-form';
import { CopyField } from './CopyField';
import { Section } from '../../../shared/ui/Section';

interface RegisterSectionProps {
  /** The saved provider; null while it is new. */
  provider: AuthProvider | null;
  /** The type chosen in the form (the addresses shown are those of the saved provider). */
  kind: ProviderKind;
  /** Unsaved changes: a test would try the saved set-up, not what the form shows. */
  dirty: boolean;
}

/**
 * What the admin registers at the provider (redirect URI or ACS URL, SAML metadata), and the
 * test sign-in through the saved set-up.
 */
export function RegisterSection({ provider, kind, dirty }: RegisterSectionProps) {
  const { t } = useTranslation();
  const hintId = useId();
  if (!provider)
    return (
      <Section title={t('authProviderSectionRegister')}>
        <Text c="dimmed" fz="sm">
          {t('authProviderRegisterAfterSave')}
        </Text>
      </Section>
    );
  const saml = kind === 'saml';
  return (
    <Section title={t('authProviderSectionRegister')}>
      {provider.redirectUri && (
        <CopyField label={saml ? t('authProviderAcsUrl') : t('authProviderRedirectUri')} value={provider.redirectUri} />
      )}
      {saml && provider.samlMetadataUrl && (
        <CopyField
          label={t('authProviderMetadataUrl')}
          description={t('authProviderMetadataUrlHint')}
          value={provider.samlMetadataUrl}
        />
      )}
      <Stack gap={6} align="flex-start">
        {dirty ? (
          <Button
            variant="default"
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            disabled
            aria-describedby={hintId}
          >
            {t('authProviderTest')}
          </Button>
        ) : (
          <Button
            component="a"
            href={providerTestUrl(provider.id)}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            rightSection={<IconExternalLink size={16} aria-hidden />}
            aria-describedby={hintId}
          >
            {t('authProviderTest')}
          </Button>
        )}
        <Text id={hintId} c="dimmed" fz="sm">
          {dirty ? t('authProviderTestSaveFirst') : t('authProviderTestHint')}
        </Text>
      </Stack>
    </Section>
  );
}
