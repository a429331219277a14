import { PasswordInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n';
import {
  AUTH_STYLES,
  CERTIFICATE_MAX,
  FIELD_MAX,
  type AuthProviderFormValues,
  type AuthStyleValue,
  type FormField,
} from './auth-provider-form';
import { Section } from '../../../shared/ui/Section';

/** The fields typed as text. */
export type TextField = Exclude<FormField, 'kind' | 'authStyle' | 'checksSecondFactor'>;

/** What every text input of the form takes: value, change handler, error. */
export type FieldProps = (field: TextField) => {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: string;
  errorProps: { role: 'alert' };
  /** Lets the form find the input to focus when it holds a mistake. */
  'data-path': string;
};

const AUTH_STYLE_LABELS: Readonly<Record<AuthStyleValue, MessageKey>> = {
  0: 'authProviderAuthStyleAuto',
  1: 'authProviderAuthStyleParams',
  2: 'authProviderAuthStyleHeader',
};

/**
 * Addresses, identifiers and claim names read left to right in every language. The direction is
 * set on the input's wrapper, so that a section (the secret's eye button) and the input's padding
 * sit on the same side in Hebrew too.
 */
const LTR_WRAPPER = { wrapper: { direction: 'ltr' } } as const;
const technical = { styles: LTR_WRAPPER, maxLength: FIELD_MAX, autoComplete: 'off', spellCheck: false } as const;

/** OAuth 2 / OpenID Connect: the endpoints and the client Perch is at the provider. */
export function OAuthFields({
  values,
  fieldProps,
  creating,
  onAuthStyleChange,
}: {
  values: AuthProviderFormValues;
  fieldProps: FieldProps;
  creating: boolean;
  onAuthStyleChange: (style: AuthStyleValue) => void;
}) {
  const { t } = useTranslation();
  const discovered = values.issuer.trim() !== '';
  return (
    <>
      <Section title={t('authProviderSectionEndpoints')}>
        <TextInput
          {...fieldProps('issuer')}
          {...technical}
          type="url"
          label={t('authProviderIssuer')}
          description={t('authProviderIssuerHint')}
          placeholder="https://idp.example.com"
        />
        <TextInput
          {...fieldProps('authUrl')}
          {...technical}
          type="url"
          label={t('authProviderAuthUrl')}
          required={!discovered}
        />
        <TextInput
          {...fieldProps('tokenUrl')}
          {...technical}
          type="url"
          label={t('authProviderTokenUrl')}
          description={discovered ? t('authProviderDiscoveredHint') : undefined}
          required={!discovered}
        />
        <TextInput
          {...fieldProps('userInfoUrl')}
          {...technical}
          type="url"
          label={t('authProviderUserInfoUrl')}
          description={discovered ? t('authProviderDiscoveredHint') : undefined}
          required={!discovered}
        />
        <TextInput
          {...fieldProps('scopes')}
          {...technical}
          label={t('authProviderScopes')}
          description={t('authProviderScopesHint')}
          required
        />
      </Section>
      <Section title={t('authProviderSectionClient')}>
        <TextInput {...fieldProps('clientId')} {...technical} label={t('authProviderClientId')} required />
        <PasswordInput
          {...fieldProps('clientSecret')}
          {...technical}
          autoComplete="new-password"
          label={t('authProviderClientSecret')}
          description={creating ? t('authProviderClientSecretNew') : t('authProviderClientSecretKeep')}
          required={creating}
        />
        <Select
          label={t('authProviderAuthStyle')}
          data={AUTH_STYLES.map((style) => ({ value: String(style), label: t(AUTH_STYLE_LABELS[style]) }))}
          value={String(values.authStyle)}
          onChange={(value) => {
            const style = AUTH_STYLES.find((s) => String(s) === value);
            if (style !== undefined) onAuthStyleChange(style);
          }}
          allowDeselect={false}
        />
      </Section>
    </>
  );
}

/** SAML 2.0: where the identity provider signs people in, and how Perch recognises its answers. */
export function SamlFields({ fieldProps }: { fieldProps: FieldProps }) {
  const { t } = useTranslation();
  return (
    <Section title={t('authProviderSectionIdp')}>
      <TextInput
        {...fieldProps('authUrl')}
        {...technical}
        type="url"
        label={t('authProviderSsoUrl')}
        description={t('authProviderSsoUrlHint')}
        required
      />
      <TextInput
        {...fieldProps('issuer')}
        {...technical}
        label={t('authProviderEntityId')}
        description={t('authProviderEntityIdHint')}
      />
      <Textarea
        {...fieldProps('idpCertificate')}
        {...technical}
        maxLength={CERTIFICATE_MAX}
        label={t('authProviderCertificate')}
        description={t('authProviderCertificateHint')}
        placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
        autosize
        minRows={5}
        maxRows={14}
        required
        styles={{
          ...LTR_WRAPPER,
          input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' },
        }}
      />
    </Section>
  );
}

/** The claims (OAuth) or attributes (SAML) holding the person's email and name. */
export function MappingFields({ kind, fieldProps }: { kind: AuthProviderFormValues['kind']; fieldProps: FieldProps }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('authProviderSectionMapping')}
      intro={kind === 'saml' ? t('authProviderMappingSamlHint') : t('authProviderMappingOAuthHint')}
    >
      <TextInput {...fieldProps('userInfoEmailField')} {...technical} label={t('authProviderEmailField')} required />
      <TextInput {...fieldProps('userInfoFirstnameField')} {...technical} label={t('authProviderFirstnameField')} />
      <TextInput {...fieldProps('userInfoLastnameField')} {...technical} label={t('authProviderLastnameField')} />
    </Section>
  );
}

/** Where people go after signing out, and their account page at the provider. */
export function AfterSignInFields({ fieldProps }: { fieldProps: FieldProps }) {
  const { t } = useTranslation();
  return (
    <Section title={t('authProviderSectionAfter')}>
      <TextInput
        {...fieldProps('logoutUrl')}
        {...technical}
        type="url"
        label={t('authProviderLogoutUrl')}
        description={t('authProviderLogoutUrlHint')}
      />
      <TextInput
        {...fieldProps('profilePageUrl')}
        {...technical}
        type="url"
        label={t('authProviderProfileUrl')}
        description={t('authProviderProfileUrlHint')}
      />
    </Section>
  );
}

/**
 * Whether the provider checks two factors itself. Off (the default), an account with an
 * authenticator app or passkeys gives Perch's second step after the provider too; on, Perch trusts
 * the provider's and asks nothing more.
 */
export function SecondFactorFields({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Section title={t('authProviderSectionSecondFactor')}>
      <Switch
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={t('authProviderChecksSecondFactor')}
        description={t('authProviderChecksSecondFactorHint')}
      />
    </Section>
  );
}
