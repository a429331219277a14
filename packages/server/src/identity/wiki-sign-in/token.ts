import { errors, jwtVerify } from 'jose';

/**
 * The token a team wiki (the Confluence app) signs to let its user in: a JWT signed with HMAC
 * (HS256, HS384 or HS512) under the organisation's shared secret, whose `user` claim names the
 * wiki user (maybe an email; empty for an anonymous visitor). Perch also wants an expiry at most
 * ten minutes ahead (a token that lives long is a password to whoever copies it) and an issue time
 * that is not in the future; sign-in.ts lets each token in once.
 */

export const WIKI_TOKEN_ALGORITHMS = ['HS256', 'HS384', 'HS512'];
/** Clock difference tolerated between the wiki's server and Perch. */
const CLOCK_SKEW_SECONDS = 60;
/** The furthest ahead a token's expiry may be. */
export const WIKI_TOKEN_MAX_LIFETIME_SECONDS = 600;

export type WikiTokenProblem =
  'unreadable' | 'algorithm' | 'signature' | 'expired' | 'not-yet-valid' | 'no-expiry' | 'expiry-too-far';

/** What a valid token says: the wiki user (`""`: an anonymous visitor) and when the token expires. */
export interface WikiToken {
  user: string;
  expiresAt: Date;
}

export class WikiTokenError extends Error {
  constructor(readonly problem: WikiTokenProblem) {
    super(
      {
        unreadable: 'The token is not a JWT',
        algorithm: 'The token is not signed with HS256, HS384 or HS512',
        signature: 'The token is not signed with the organisation’s shared secret',
        expired: 'The token has expired',
        'not-yet-valid': 'The token is not valid yet',
        'no-expiry': 'The token has no expiry',
        'expiry-too-far': `The token expires more than ${WIKI_TOKEN_MAX_LIFETIME_SECONDS / 60} minutes from now`,
      }[problem],
    );
  }
}

/** What the token says; throws a WikiTokenError. */
export async function verifyWikiToken(token: string, secret: string, now = new Date()): Promise<WikiToken> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: WIKI_TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: now,
    }));
  } catch (e) {
    if (e instanceof errors.JOSEAlgNotAllowed || e instanceof errors.JOSENotSupported)
      throw new WikiTokenError('algorithm');
    if (e instanceof errors.JWSSignatureVerificationFailed) throw new WikiTokenError('signature');
    if (e instanceof errors.JWTExpired) throw new WikiTokenError('expired');
    if (e instanceof errors.JWTClaimValidationFailed && (e.claim === 'nbf' || e.claim === 'iat'))
      throw new WikiTokenError('not-yet-valid');
    throw new WikiTokenError('unreadable');
  }
  if (typeof payload.exp !== 'number') throw new WikiTokenError('no-expiry');
  const nowSeconds = now.getTime() / 1000;
  if (payload.exp > nowSeconds + WIKI_TOKEN_MAX_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS)
    throw new WikiTokenError('expiry-too-far');
  if (typeof payload.iat === 'number' && payload.iat > nowSeconds + CLOCK_SKEW_SECONDS)
    throw new WikiTokenError('not-yet-valid');
  return {
    user: typeof payload.user === 'string' ? payload.user.trim() : '',
    expiresAt: new Date(payload.exp * 1000),
  };
}
