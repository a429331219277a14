import { ApiError } from '@perch/client';
import type { AuthProvider } from '@perch/contract';
import { describe, expect, it } from 'vitest';
import {
  authProviderFormValues,
  authProviderSaveBody,
  leftPlaceholder,
  serverFieldErrors,
  validateAuthProvider,
  type AuthProviderFormValues,
} from './auth-provider-form';
import { PROVIDER_TEMPLATES } from './provider-templates';

const oauth = (over: Partial<AuthProviderFormValues> = {}): AuthProviderFormValues => ({
  ...authProviderFormValues(null),
  name: 'Acme',
  authUrl: 'https://idp.example.com/authorize',
  tokenUrl: 'https://idp.example.com/token',
  userInfoUrl: 'https://idp.example.com/userinfo',
  clientId: 'perch',
  clientSecret: 's3cret',
  ...over,
});

const saml = (over: Partial<AuthProviderFormValues> = {}): AuthProviderFormValues =>
  oauth({ kind: 'saml', idpCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----', ...over });

const keysOf = (errors: object) => Object.keys(errors).sort();

describe('provider form rules (the contract’s, per type)', () => {
  it('accepts a complete OAuth provider, and a new one needs its client secret', () => {
    expect(validateAuthProvider(oauth(), true)).toEqual({});
    expect(validateAuthProvider(oauth({ clientSecret: '' }), true)).toEqual({
      clientSecret: { key: 'errorRequired' },
    });
    expect(validateAuthProvider(oauth({ clientSecret: '' }), false)).toEqual({});
  });

  it('needs the authorisation, token and user info URLs only without an OpenID issuer', () => {
    const bare = oauth({ authUrl: '', tokenUrl: '', userInfoUrl: '' });
    expect(keysOf(validateAuthProvider(bare, false))).toEqual(['authUrl', 'tokenUrl', 'userInfoUrl']);
    expect(validateAuthProvider({ ...bare, issuer: 'https://idp.example.com' }, false)).toEqual({});
    expect(validateAuthProvider({ ...bare, issuer: 'idp.example.com' }, false)).toEqual({
      issuer: { key: 'authProviderErrorUrl' },
    });
  });

  it('checks URLs, lets the logout URL keep {logoutRedirectUri} and refuses other leftover placeholders', () => {
    expect(validateAuthProvider(oauth({ authUrl: 'ftp://x' }), false)).toEqual({
      authUrl: { key: 'authProviderErrorUrl' },
    });
    expect(
      validateAuthProvider(oauth({ logoutUrl: 'https://idp.example.com/logout?r={logoutRedirectUri}' }), false),
    ).toEqual({});
    expect(validateAuthProvider(oauth({ authUrl: 'https://{okta-domain}/v1/authorize' }), false)).toEqual({
      authUrl: { key: 'authProviderErrorPlaceholder', values: { placeholder: '{okta-domain}' } },
    });
    expect(leftPlaceholder('https://x/{tenant}/a?b={logoutRedirectUri}')).toBe('{tenant}');
    expect(leftPlaceholder('https://x/a?b={logoutRedirectUri}')).toBeNull();
  });

  it('asks SAML for the single sign-on URL, the certificate and the email attribute only', () => {
    const bare = saml({ scopes: '', clientId: '', clientSecret: '', tokenUrl: '', userInfoUrl: '' });
    expect(validateAuthProvider(bare, true)).toEqual({});
    expect(
      keysOf(validateAuthProvider(saml({ idpCertificate: ' ', authUrl: '', userInfoEmailField: '' }), true)),
    ).toEqual(['authUrl', 'idpCertificate', 'userInfoEmailField']);
    // A SAML entity ID need not be a URL.
    expect(validateAuthProvider(saml({ issuer: 'urn:example:idp' }), true)).toEqual({});
  });

  it('names the fields each template leaves for the admin', () => {
    const template = PROVIDER_TEMPLATES.find((t) => t.id === 'microsoft')!;
    const errors = validateAuthProvider(oauth(template.fields), true);
    expect(errors.authUrl).toEqual({ key: 'authProviderErrorPlaceholder', values: { placeholder: '{tenant}' } });
    expect(errors.logoutUrl?.key).toBe('authProviderErrorPlaceholder');
    expect(errors.userInfoUrl).toBeUndefined();
    const google = PROVIDER_TEMPLATES.find((t) => t.id === 'google')!;
    expect(validateAuthProvider(oauth(google.fields), true)).toEqual({});
  });
});

describe('provider save body', () => {
  it('sends the chosen type’s fields and empties the other type’s', () => {
    const body = authProviderSaveBody(saml({ name: '  Acme SAML ', tokenUrl: 'https://left.over' }));
    expect(body).toMatchObject({
      name: 'Acme SAML',
      providerType: 2,
      tokenUrl: '',
      userInfoUrl: '',
      scopes: '',
      clientId: '',
      clientSecret: '',
      authStyle: 0,
    });
    expect(body.idpCertificate).toContain('BEGIN CERTIFICATE');
    const oauthBody = authProviderSaveBody(oauth({ idpCertificate: 'stale', authStyle: 2 }));
    expect(oauthBody).toMatchObject({ providerType: 1, idpCertificate: '', authStyle: 2, clientSecret: 's3cret' });
  });

  it('starts a saved provider from its values, with an empty secret (empty keeps the stored one)', () => {
    const saved: AuthProvider = {
      id: 'p1',
      organizationId: 'o',
      readOnly: false,
      name: 'Acme',
      providerType: 2,
      authUrl: 'https://idp/sso',
      tokenUrl: '',
      authStyle: 0,
      scopes: '',
      userInfoUrl: '',
      userInfoEmailField: 'nameID',
      userInfoFirstnameField: '',
      userInfoLastnameField: '',
      clientId: '',
      clientSecret: '',
      logoutUrl: '',
      profilePageUrl: '',
      issuer: 'urn:idp',
      idpCertificate: 'PEM',
      redirectUri: 'https://perch/auth/p1/callback',
      samlMetadataUrl: 'https://perch/auth/p1/saml/metadata',
      checksSecondFactor: true,
    };
    expect(authProviderFormValues(saved)).toMatchObject({
      kind: 'saml',
      clientSecret: '',
      issuer: 'urn:idp',
      checksSecondFactor: true,
    });
  });

  it('says whether the provider checks two factors itself (off for a new one)', () => {
    expect(authProviderFormValues(null).checksSecondFactor).toBe(false);
    expect(authProviderSaveBody(oauth()).checksSecondFactor).toBe(false);
    expect(authProviderSaveBody(saml({ checksSecondFactor: true })).checksSecondFactor).toBe(true);
  });
});

describe('server field errors', () => {
  it('reads the fields a 400 names', () => {
    const error = new ApiError(
      400,
      0,
      "Invalid body: authUrl: must be an absolute http(s) URL; idpCertificate: the identity provider's certificate is required for SAML",
    );
    expect(serverFieldErrors(error)).toEqual({
      authUrl: 'must be an absolute http(s) URL',
      idpCertificate: "the identity provider's certificate is required for SAML",
    });
    // The server's own checks after the schema name the field the same way, without the prefix.
    expect(
      serverFieldErrors(
        new ApiError(400, 0, "idpCertificate: the identity provider's certificate is not a valid X.509 certificate"),
      ),
    ).toEqual({ idpCertificate: "the identity provider's certificate is not a valid X.509 certificate" });
    expect(serverFieldErrors(new ApiError(400, 0, 'Malformed request body'))).toEqual({});
    expect(serverFieldErrors(new ApiError(409, 6001, 'name: exists'))).toEqual({});
  });
});
