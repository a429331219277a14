import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { AppDeps } from '../../context.js';
import { mapIdentity, ProviderSignInError, type ProviderIdentity } from './identity.js';
import { providerCallbackUrl, samlMetadataUrl } from './presenter.js';
import type { AuthProviderRow } from './repo.js';

/**
 * SAML 2.0 sign-in with `@node-saml/node-saml`, SP-initiated: Perch sends an AuthnRequest by
 * redirect and takes the response by POST at the provider's callback. The response or its
 * assertion must be signed with the identity provider's certificate, name Perch's entity ID
 * as audience, answer the request of this attempt (InResponseTo, kept in the attempt's state,
 * so any server process can take the response) and, when the provider names one, come from
 * the expected issuer.
 */

/** Clock difference tolerated between the identity provider and Perch. */
const CLOCK_SKEW_MS = 60_000;
const FIVE_MINUTES_MS = 5 * 60_000;

/** The name of the NameID in the field mapping: the subject's NameID instead of an attribute. */
export const NAME_ID_FIELD = 'nameID';

/**
 * InResponseTo checks against the one request id of the attempt: node-saml saves it when it
 * writes the request and asks for it when it reads the response.
 */
class AttemptRequestId implements CacheProvider {
  constructor(
    public requestId: string | undefined = undefined,
    /** When the request was written (node-saml checks its age). */
    private readonly requestedAt = new Date(),
  ) {}
  async saveAsync(key: string, value: string) {
    this.requestId = key;
    return { value, createdAt: this.requestedAt.getTime() };
  }
  async getAsync(key: string) {
    return key === this.requestId ? this.requestedAt.toISOString() : null;
  }
  async removeAsync(key: string | null) {
    return key;
  }
}

function samlFor(deps: AppDeps, p: AuthProviderRow, requests: CacheProvider): SAML {
  const entityId = samlMetadataUrl(deps.config, p.id);
  return new SAML({
    entryPoint: p.auth_url,
    issuer: entityId,
    audience: entityId,
    callbackUrl: providerCallbackUrl(deps.config, p.id),
    idpCert: p.idp_certificate,
    // Either the whole response or its assertion must carry a valid signature.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: FIVE_MINUTES_MS,
    cacheProvider: requests,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // No NameID format or authentication context is demanded: identity providers choose (MFA included).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The identity provider's sign-in page for this attempt, and the request id its answer must name. */
export async function samlAuthorizationUrl(
  deps: AppDeps,
  p: AuthProviderRow,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  const requests = new AttemptRequestId();
  const url = await samlFor(deps, p, requests).getAuthorizeUrlAsync(relayState, undefined, {});
  if (!requests.requestId) throw new Error('node-saml wrote no request id');
  return { url, requestId: requests.requestId };
}

/** Checks a posted SAML response to the request Perch sent (its id and time) and maps its subject. */
export async function samlIdentity(
  deps: AppDeps,
  p: AuthProviderRow,
  samlResponse: string,
  request: { id: string; at: Date },
): Promise<ProviderIdentity> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(deps, p, new AttemptRequestId(request.id, request.at)).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (e) {
    throw new ProviderSignInError(
      'userinfo',
      'idp_userinfo_failed',
      `The SAML response was refused: ${(e as Error).message}`,
    );
  }
  if (!profile) throw new ProviderSignInError('userinfo', 'idp_userinfo_failed', 'The SAML response has no assertion');
  // node-saml compares the issuer only on logout responses; the signed assertion names it here.
  if (p.issuer && profile.issuer !== p.issuer)
    throw new ProviderSignInError(
      'userinfo',
      'idp_userinfo_failed',
      `The SAML response comes from ${profile.issuer || 'an unnamed issuer'}, not ${p.issuer}`,
    );
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  return mapIdentity(
    { [NAME_ID_FIELD]: profile.nameID, ...attributes },
    { email: p.userinfo_email_field, firstname: p.userinfo_firstname_field, lastname: p.userinfo_lastname_field },
  );
}

/** Perch's service-provider metadata towards this identity provider. */
export function samlServiceProviderMetadata(deps: AppDeps, p: AuthProviderRow): string {
  return samlFor(deps, p, new AttemptRequestId()).generateServiceProviderMetadata(null, null);
}
