import { ApiError } from '@perch/client';
import type { AuthProvider, AuthProviderSave } from '@perch/contract';
import { AuthProviderType, AuthStyle, isAbsoluteUrl, LOGOUT_REDIRECT_PLACEHOLDER } from '@perch/contract/values';
import type { Message } from '../../../i18n';

/** The provider types of the contract, by the form's names for them. */
export const PROVIDER_TYPE = { oauth: AuthProviderType.OAuth2, saml: AuthProviderType.Saml } as const;
export type ProviderKind = keyof typeof PROVIDER_TYPE;
/** The client authentication styles of the contract, in the order the form offers them. */
export const AUTH_STYLES = [
  AuthStyle.AutoDetect,
  AuthStyle.InParams,
  AuthStyle.InHeader,
] as const satisfies readonly AuthProviderSave['authStyle'][];
export type AuthStyleValue = (typeof AUTH_STYLES)[number];

/** The placeholder a logout URL may keep: the server puts Perch's sign-in page there. */
export { LOGOUT_REDIRECT_PLACEHOLDER };
/** The contract's limit of every text field but the certificate. */
export const FIELD_MAX = 256;
export const CERTIFICATE_MAX = 16_384;

export interface AuthProviderFormValues {
  name: string;
  kind: ProviderKind;
  issuer: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  authStyle: AuthStyleValue;
  scopes: string;
  clientId: string;
  clientSecret: string;
  idpCertificate: string;
  userInfoEmailField: string;
  userInfoFirstnameField: string;
  userInfoLastnameField: string;
  logoutUrl: string;
  profilePageUrl: string;
  /** The provider asks for a second factor itself, so Perch does not ask for the account's own again. */
  checksSecondFactor: boolean;
}

export type FormField = keyof AuthProviderFormValues;

const kindOf = (providerType: number): ProviderKind => (providerType === PROVIDER_TYPE.saml ? 'saml' : 'oauth');
const authStyleOf = (value: number): AuthStyleValue => AUTH_STYLES.find((style) => style === value) ?? AUTH_STYLES[0];

/** The form of a saved provider, or of a new one: OpenID's usual scopes and claim names. */
export function authProviderFormValues(provider: AuthProvider | null): AuthProviderFormValues {
  if (!provider)
    return {
      name: '',
      kind: 'oauth',
      issuer: '',
      authUrl: '',
      tokenUrl: '',
      userInfoUrl: '',
      authStyle: 0,
      scopes: 'openid,email,profile',
      clientId: '',
      clientSecret: '',
      idpCertificate: '',
      userInfoEmailField: 'email',
      userInfoFirstnameField: 'given_name',
      userInfoLastnameField: 'family_name',
      logoutUrl: '',
      profilePageUrl: '',
      checksSecondFactor: false,
    };
  return {
    name: provider.name,
    kind: kindOf(provider.providerType),
    issuer: provider.issuer,
    authUrl: provider.authUrl,
    tokenUrl: provider.tokenUrl,
    userInfoUrl: provider.userInfoUrl,
    authStyle: authStyleOf(provider.authStyle),
    scopes: provider.scopes,
    clientId: provider.clientId,
    // Never sent by the server; empty keeps the stored one.
    clientSecret: '',
    idpCertificate: provider.idpCertificate,
    userInfoEmailField: provider.userInfoEmailField,
    userInfoFirstnameField: provider.userInfoFirstnameField,
    userInfoLastnameField: provider.userInfoLastnameField,
    logoutUrl: provider.logoutUrl,
    profilePageUrl: provider.profilePageUrl,
    checksSecondFactor: provider.checksSecondFactor,
  };
}

/** The fields each type shows (and sends); the others keep their draft but go out empty. */
const OAUTH_ONLY: readonly FormField[] = ['tokenUrl', 'userInfoUrl', 'authStyle', 'scopes', 'clientId', 'clientSecret'];
const SAML_ONLY: readonly FormField[] = ['idpCertificate'];

export function isFieldOf(kind: ProviderKind, field: FormField): boolean {
  return kind === 'oauth' ? !SAML_ONLY.includes(field) : !OAUTH_ONLY.includes(field);
}

/** The body of `POST /auth-provider/` or `PUT /auth-provider/:id`. */
export function authProviderSaveBody(values: AuthProviderFormValues): AuthProviderSave {
  const saml = values.kind === 'saml';
  return {
    name: values.name.trim(),
    providerType: PROVIDER_TYPE[values.kind],
    issuer: values.issuer.trim(),
    authUrl: values.authUrl.trim(),
    tokenUrl: saml ? '' : values.tokenUrl.trim(),
    userInfoUrl: saml ? '' : values.userInfoUrl.trim(),
    authStyle: saml ? 0 : values.authStyle,
    scopes: saml ? '' : values.scopes.trim(),
    clientId: saml ? '' : values.clientId.trim(),
    clientSecret: saml ? '' : values.clientSecret,
    idpCertificate: saml ? values.idpCertificate.trim() : '',
    userInfoEmailField: values.userInfoEmailField.trim(),
    userInfoFirstnameField: values.userInfoFirstnameField.trim(),
    userInfoLastnameField: values.userInfoLastnameField.trim(),
    logoutUrl: values.logoutUrl.trim(),
    profilePageUrl: values.profilePageUrl.trim(),
    checksSecondFactor: values.checksSecondFactor,
  };
}

/** A `{…}` a template left for the admin to fill in (the logout placeholder is the server's). */
export function leftPlaceholder(value: string): string | null {
  const found = value.replaceAll(LOGOUT_REDIRECT_PLACEHOLDER, '').match(/\{[^{}]*\}/);
  return found ? found[0] : null;
}

type Check = (value: string) => Message | null;

const required: Check = (v) => (v.trim() ? null : { key: 'errorRequired' });
const tooLong =
  (max: number): Check =>
  (v) =>
    v.length > max ? { key: 'errorTooLong', values: { count: max } } : null;
const placeholderFree: Check = (v) => {
  const placeholder = leftPlaceholder(v);
  return placeholder ? { key: 'authProviderErrorPlaceholder', values: { placeholder } } : null;
};
/** An absolute http(s) URL, or empty; a logout URL may keep its placeholder. */
const urlOrEmpty: Check = (v) => {
  const trimmed = v.trim().replaceAll(LOGOUT_REDIRECT_PLACEHOLDER, 'x');
  return trimmed === '' || isAbsoluteUrl(trimmed) ? null : { key: 'authProviderErrorUrl' };
};

const firstFailure = (value: string, checks: readonly Check[]): Message | null => {
  for (const check of checks) {
    const failure = check(value);
    if (failure) return failure;
  }
  return null;
};

const URL_CHECKS = [tooLong(FIELD_MAX), placeholderFree, urlOrEmpty] as const;

/**
 * The contract's rules for each type (`authProviderCreateBody` / `authProviderSaveBody`), as
 * messages per field, so the admin learns them before the server does. Empty: nothing wrong.
 */
export function validateAuthProvider(
  values: AuthProviderFormValues,
  creating: boolean,
): Partial<Record<FormField, Message>> {
  const errors: Partial<Record<FormField, Message>> = {};
  const check = (field: FormField, ...checks: Check[]) => {
    if (!isFieldOf(values.kind, field)) return;
    const failure = firstFailure(String(values[field]), checks);
    if (failure) errors[field] = failure;
  };
  check('name', required, tooLong(FIELD_MAX));
  // An OpenID issuer's discovery names the authorisation endpoint; otherwise it is needed.
  const discovered = values.kind === 'oauth' && values.issuer.trim() !== '';
  check('authUrl', ...(discovered ? [] : [required]), ...URL_CHECKS);
  check('userInfoEmailField', required, tooLong(FIELD_MAX));
  check('userInfoFirstnameField', tooLong(FIELD_MAX));
  check('userInfoLastnameField', tooLong(FIELD_MAX));
  check('logoutUrl', ...URL_CHECKS);
  check('profilePageUrl', ...URL_CHECKS);
  if (values.kind === 'saml') {
    check('issuer', tooLong(FIELD_MAX), placeholderFree);
    check('idpCertificate', required, tooLong(CERTIFICATE_MAX));
    return errors;
  }
  check('issuer', ...URL_CHECKS);
  check('tokenUrl', ...(discovered ? [] : [required]), ...URL_CHECKS);
  check('userInfoUrl', ...(discovered ? [] : [required]), ...URL_CHECKS);
  check('scopes', required, tooLong(FIELD_MAX));
  check('clientId', required, tooLong(FIELD_MAX));
  check('clientSecret', ...(creating ? [required] : []), tooLong(FIELD_MAX));
  return errors;
}

const FORM_FIELDS: readonly FormField[] = Object.keys(authProviderFormValues(null)) as FormField[];

/**
 * The fields a 400 names (`Invalid body: authUrl: must be …; scopes: …`), with the server's
 * reason, so each is shown at its field. Empty when the answer names none.
 */
export function serverFieldErrors(error: unknown): Partial<Record<FormField, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const detail = error.message.replace(/^Invalid body:\s*/, '');
  const found: Partial<Record<FormField, string>> = {};
  for (const part of detail.split(/;\s*/)) {
    const match = /^([A-Za-z]+):\s*(.+)$/.exec(part.trim());
    if (!match) continue;
    const field = match[1] === 'providerType' ? 'kind' : (match[1] as FormField);
    if (FORM_FIELDS.includes(field)) found[field] = match[2]!;
  }
  return found;
}
