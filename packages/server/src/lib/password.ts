import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LEN = 32;
/** scrypt block size and parallelism (OWASP: r = 8, p = 1). */
const R = 8;
const P = 1;
/** log2 of scrypt's cost N by default: 2^17, OWASP's minimum for r = 8, p = 1. */
export const DEFAULT_PASSWORD_HASH_COST = 17;

function scryptAsync(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes (128 MiB at 2^17); leave room above that.
  const maxmem = 128 * (opts.N ?? 0) * (opts.r ?? R) * 2 + 32 * 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LEN, { ...opts, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Hashes a password with scrypt at cost N = 2^`cost`: `scrypt$N$r$p$salt$hash` (base64). The
 * parameters travel with each hash, so a hash made at an older cost still verifies.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scryptAsync(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { N: number; r: number; p: number; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  // Only what this server writes: a power of two up to 2^20, r ≤ 32, p ≤ 16.
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0) return null;
  if (!/^\d+$/.test(r) || !/^\d+$/.test(p) || Number(r) > 32 || Number(p) > 16) return null;
  return { N, r: Number(r), p: Number(p), salt: Buffer.from(saltB64, 'base64'), hash: Buffer.from(hashB64, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h) return false;
  const key = await scryptAsync(password, h.salt, { N: h.N, r: h.r, p: h.p });
  return key.length === h.hash.length && timingSafeEqual(key, h.hash);
}

/** True when a stored hash was made with weaker parameters than `cost`: hash it again at sign-in. */
export function needsRehash(stored: string, cost: number): boolean {
  const h = parse(stored);
  return !h || h.N < 2 ** cost || h.r < R || h.p < P;
}

const dummies = new Map<number, Promise<string>>();

/**
 * A hash that never matches (of a random password nobody knows), at the given cost, so an
 * unknown account takes as long to refuse as a wrong password.
 */
export function dummyPasswordHash(cost: number): Promise<string> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(24).toString('base64'), cost);
    dummies.set(cost, dummy);
  }
  return dummy;
}

/** A random password that satisfies the complexity rule, for the first-start admin. */
export function generatePassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}-Aa1`;
}
