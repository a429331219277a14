import { errors, jwtVerify } from 'jose';

/**
 * The token a team wiki (the Confluence app) signs to let its user in (reference §9.1): a JWT
 * signed with HMAC (HS256, HS384 or HS512) under the organisation's shared secret, whose `user`
 * claim names the wiki user (maybe an email; empty for an anonymous visitor). Perch also wants
 * an expiry (a token without one would let its holder in forever) and an issue time that is
 * not in the future.
 */

export const WIKI_TOKEN_ALGORITHMS = ['HS256', 'HS384', 'HS512'];
/** Clock difference tolerated between the wiki's server and Perch. */
const CLOCK_SKEW_SECONDS = 60;

export type WikiTokenProblem = 'unreadable' | 'algorithm' | 'signature' | 'expired' | 'not-yet-valid' | 'no-expiry';

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
      }[problem],
    );
  }
}

/** The wiki user the token names (`""`: an anonymous visitor); throws a WikiTokenError. */
export async function verifyWikiToken(token: string, secret: string, now = new Date()): Promise<string> {
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
  if (typeof payload.iat === 'number' && payload.iat > now.getTime() / 1000 + CLOCK_SKEW_SECONDS)
    throw new WikiTokenError('not-yet-valid');
  return typeof payload.user === 'string' ? payload.user.trim() : '';
}
