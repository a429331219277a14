import * as oidc from 'openid-client';
import { AuthStyle } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import { OutboundError } from '../../lib/outbound.js';
import { mapIdentity, ProviderSignInError, type ProviderIdentity } from './identity.js';
import { providerCallbackUrl } from './presenter.js';
import type { AuthProviderRow } from './repo.js';

/**
 * OAuth 2 and OpenID Connect sign-in with `openid-client`: authorisation code with PKCE and
 * state, plus nonce and ID-token checks when the provider names an OpenID issuer. Without an
 * issuer the provider is plain OAuth 2 (as the reference): the user-info endpoint alone says
 * who signed in, and ID tokens the provider sends along are ignored.
 */

/** Seconds to wait for a provider's discovery, token and user-info answers. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** How long a discovered configuration is reused. */
const DISCOVERY_TTL_MS = 10 * 60_000;
/** Calls to one provider in flight at once (sign-ins of many people at the same time). */
const PROVIDER_CALLS_IN_FLIGHT = 32;

const configurations = new Map<string, { key: string; at: number; config: Promise<oidc.Configuration> }>();

/** Drops the cached configuration of a changed or deleted provider. */
export function forgetProviderConfiguration(providerId: string): void {
  configurations.delete(providerId);
}

const setupFailed = (message: string) => new ProviderSignInError('config', 'idp_config_invalid', message);

function clientAuthentication(p: AuthProviderRow, secret: string, server: oidc.ServerMetadata): oidc.ClientAuth {
  if (p.auth_style === AuthStyle.InParams) return oidc.ClientSecretPost(secret);
  if (p.auth_style === AuthStyle.InHeader) return oidc.ClientSecretBasic(secret);
  // Detect: Basic is the default of RFC 6749 unless the provider lists only the form body.
  const methods = server.token_endpoint_auth_methods_supported;
  return methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
    ? oidc.ClientSecretPost(secret)
    : oidc.ClientSecretBasic(secret);
}

const usesHttp = (...urls: (string | undefined)[]) => urls.some((u) => u?.startsWith('http:'));

/**
 * The provider's answers come through the outbound policy (lib/outbound.ts): an admin cannot point
 * a provider's issuer or endpoints at the server's own network. Each provider has a few calls in
 * flight at most.
 */
const providerFetch = (deps: AppDeps, p: AuthProviderRow): oidc.CustomFetch => {
  const fetch = deps.outbound.fetchFor(`provider:${p.id}`, {
    timeoutMs: PROVIDER_TIMEOUT_SECONDS * 1000,
    limit: PROVIDER_CALLS_IN_FLIGHT,
  });
  return (url, options) => fetch(url, options as RequestInit);
};

/** A token endpoint answer without its ID token: plain OAuth 2 providers' ID tokens are not checked, so not used. */
const withoutIdToken =
  (fetch: oidc.CustomFetch): oidc.CustomFetch =>
  async (url, options) => {
    const res = await fetch(url, options);
    if (options.method !== 'POST' || !res.ok || !res.headers.get('content-type')?.includes('json')) return res;
    const body = (await res.json()) as Record<string, unknown>;
    delete body.id_token;
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  };

const describe = (e: unknown): string => {
  if (e instanceof oidc.ResponseBodyError) return `${e.error}: ${e.error_description ?? e.message}`;
  // openid-client wraps what its fetch threw ("something went wrong"); the outbound policy's reason is the cause.
  for (let cause: unknown = e; cause instanceof Error; cause = cause.cause)
    if (cause instanceof OutboundError) return cause.message;
  return e instanceof Error ? e.message : String(e);
};

async function buildConfiguration(deps: AppDeps, p: AuthProviderRow): Promise<oidc.Configuration> {
  const secret = deps.secrets.decrypt(p.client_secret);
  if (secret === null) throw setupFailed('The client secret cannot be decrypted (was CRYPT_KEY changed?)');
  let server: oidc.ServerMetadata;
  const fetch = providerFetch(deps, p);
  if (p.issuer) {
    try {
      const discovered = await oidc.discovery(new URL(p.issuer), p.client_id, undefined, undefined, {
        execute: usesHttp(p.issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_SECONDS,
        [oidc.customFetch]: fetch,
      });
      const { supportsPKCE: _helper, ...found } = discovered.serverMetadata();
      // Endpoints the admin named win over discovered ones.
      server = {
        ...found,
        authorization_endpoint: p.auth_url || found.authorization_endpoint,
        token_endpoint: p.token_url || found.token_endpoint,
        userinfo_endpoint: p.userinfo_url || found.userinfo_endpoint,
      };
    } catch (e) {
      throw setupFailed(`OpenID discovery at ${p.issuer} failed: ${describe(e)}`);
    }
  } else {
    server = {
      issuer: `urn:perch:oauth2-provider:${p.id}`,
      authorization_endpoint: p.auth_url,
      token_endpoint: p.token_url,
      userinfo_endpoint: p.userinfo_url,
    };
  }
  if (!server.authorization_endpoint || !server.token_endpoint)
    throw setupFailed('The provider has no authorisation or token endpoint');
  const config = new oidc.Configuration(server, p.client_id, undefined, clientAuthentication(p, secret, server));
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  if (usesHttp(server.authorization_endpoint, server.token_endpoint, server.userinfo_endpoint, p.issuer))
    oidc.allowInsecureRequests(config);
  config[oidc.customFetch] = p.issuer ? fetch : withoutIdToken(fetch);
  return config;
}

/** The provider's client configuration, discovered at most every ten minutes per process. */
async function configurationFor(deps: AppDeps, p: AuthProviderRow): Promise<oidc.Configuration> {
  const key = JSON.stringify([
    p.issuer,
    p.auth_url,
    p.token_url,
    p.userinfo_url,
    p.client_id,
    p.client_secret,
    p.auth_style,
  ]);
  const cached = configurations.get(p.id);
  if (cached && cached.key === key && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const config = buildConfiguration(deps, p);
  configurations.set(p.id, { key, at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => {
    if (configurations.get(p.id)?.config === config) configurations.delete(p.id);
  });
  return config;
}

/** The secrets of one OAuth sign-in, kept in its state until the provider sends the browser back. */
export interface OAuthChecks {
  codeVerifier: string;
  /** Only for OpenID providers (an ID token carries it back). */
  nonce?: string;
}

export function newOAuthChecks(p: AuthProviderRow): OAuthChecks {
  return { codeVerifier: oidc.randomPKCECodeVerifier(), ...(p.issuer ? { nonce: oidc.randomNonce() } : {}) };
}

/** The provider's sign-in page for this attempt (`state` is the attempt's id). */
export async function oauthAuthorizationUrl(
  deps: AppDeps,
  p: AuthProviderRow,
  state: string,
  checks: OAuthChecks,
): Promise<string> {
  const config = await configurationFor(deps, p);
  const scope = p.scopes
    .split(/[\s,]+/)
    .filter(Boolean)
    .join(' ');
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: providerCallbackUrl(deps.config, p.id),
    scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    ...(checks.nonce ? { nonce: checks.nonce } : {}),
  }).href;
}

/**
 * Finishes a sign-in: exchanges the code from the callback's query (checking state, PKCE and,
 * for OpenID, the ID token's issuer, audience and nonce), then reads the user info.
 */
export async function oauthIdentity(
  deps: AppDeps,
  p: AuthProviderRow,
  query: Record<string, string>,
  state: string,
  checks: OAuthChecks,
): Promise<ProviderIdentity> {
  const config = await configurationFor(deps, p);
  const callback = new URL(providerCallbackUrl(deps.config, p.id));
  for (const [name, value] of Object.entries(query)) {
    // A plain OAuth 2 provider has no issuer to compare an `iss` parameter with.
    if (name === 'iss' && !p.issuer) continue;
    callback.searchParams.set(name, value);
  }
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: state,
      ...(checks.nonce ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
    });
  } catch (e) {
    throw new ProviderSignInError('userinfo', 'idp_code_exchange_failed', `Code exchange failed: ${describe(e)}`);
  }
  const idClaims = p.issuer ? tokens.claims() : undefined;
  let userInfo: Record<string, unknown> = {};
  if (config.serverMetadata().userinfo_endpoint) {
    try {
      userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims?.sub ?? oidc.skipSubjectCheck);
    } catch (e) {
      throw new ProviderSignInError('userinfo', 'idp_userinfo_failed', `Reading the user info failed: ${describe(e)}`);
    }
  }
  return mapIdentity(
    { ...(idClaims ?? {}), ...userInfo },
    { email: p.userinfo_email_field, firstname: p.userinfo_firstname_field, lastname: p.userinfo_lastname_field },
  );
}
