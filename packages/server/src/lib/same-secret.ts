import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();

/**
 * Whether a secret someone sent equals the expected one, compared in constant time: digests
 * have one length whatever was sent, so the time of the comparison tells nothing. An empty
 * secret never matches.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && given !== '';
}
