import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/**
 * Password hashes: argon2id, written as PHC strings (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`), at
 * OWASP's parameters by default: 19 MiB of memory, 2 passes, 1 lane (PASSWORD_HASH_MEMORY_KIB,
 * PASSWORD_HASH_PASSES). One check takes about 19 MiB and tens of milliseconds of one core;
 * the scrypt hashes of earlier versions (`scrypt$N$r$p$salt$hash`, 128 MiB each at N = 2^17)
 * still verify and are replaced by argon2id at the next sign-in (`needsRehash`).
 */

/** The settings that choose the cost of new hashes. */
export interface PasswordHashCost {
  /** argon2id's memory in KiB. */
  PASSWORD_HASH_MEMORY_KIB: number;
  /** argon2id's passes over that memory. */
  PASSWORD_HASH_PASSES: number;
}

/** OWASP's argon2id parameters: m = 19 MiB, t = 2, p = 1. */
export const DEFAULT_PASSWORD_HASH_MEMORY_KIB = 19_456;
export const DEFAULT_PASSWORD_HASH_PASSES = 2;

/** What this server writes, and so all it accepts from the database (a larger one is refused unchecked). */
const ARGON2ID = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=1\$[A-Za-z0-9+/]{16,64}\$[A-Za-z0-9+/]{32,128}$/;
const MAX_MEMORY_KIB = 1_048_576;
const MAX_PASSES = 10;

function argon2Params(stored: string): { memoryKiB: number; passes: number } | null {
  const m = ARGON2ID.exec(stored);
  if (!m) return null;
  const memoryKiB = Number(m[1]);
  const passes = Number(m[2]);
  return memoryKiB <= MAX_MEMORY_KIB && passes >= 1 && passes <= MAX_PASSES ? { memoryKiB, passes } : null;
}

/** Hashes a password with argon2id at the configured cost (a fresh 16-byte salt each time). */
export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return argon2Hash(password, {
    memoryCost: cost.PASSWORD_HASH_MEMORY_KIB,
    timeCost: cost.PASSWORD_HASH_PASSES,
    parallelism: 1,
  });
}

/** True when `password` matches the stored hash (argon2id, or the scrypt of earlier versions). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (argon2Params(stored)) return argon2Verify(stored, password).catch(() => false);
  return verifyScrypt(password, stored);
}

/** True when a stored hash is scrypt or cheaper than the configured cost: hash it again at sign-in. */
export function needsRehash(stored: string, cost: PasswordHashCost): boolean {
  const p = argon2Params(stored);
  return !p || p.memoryKiB < cost.PASSWORD_HASH_MEMORY_KIB || p.passes < cost.PASSWORD_HASH_PASSES;
}

const dummies = new Map<string, Promise<string>>();

/**
 * A hash that never matches (of a random password nobody knows), at the configured cost, so an
 * unknown account takes as long to refuse as a wrong password.
 */
export function dummyPasswordHash(cost: PasswordHashCost): Promise<string> {
  const key = `${cost.PASSWORD_HASH_MEMORY_KIB}:${cost.PASSWORD_HASH_PASSES}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(24).toString('base64'), cost);
    dummies.set(key, dummy);
  }
  return dummy;
}

/** A random password that satisfies the complexity rule, for the first-start admin. */
export function generatePassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}-Aa1`;
}

// The scrypt hashes of earlier versions: verified only, never written.

function scryptAsync(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes (128 MiB at 2^17); leave room above that.
  const maxmem = 128 * (opts.N ?? 0) * (opts.r ?? 8) * 2 + 32 * 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { ...opts, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function parseScrypt(stored: string): { N: number; r: number; p: number; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  // Only what earlier versions wrote: a power of two up to 2^20, r ≤ 32, p ≤ 16.
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0) return null;
  if (!/^\d+$/.test(r) || !/^\d+$/.test(p) || Number(r) > 32 || Number(p) > 16) return null;
  return { N, r: Number(r), p: Number(p), salt: Buffer.from(saltB64, 'base64'), hash: Buffer.from(hashB64, 'base64') };
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const h = parseScrypt(stored);
  if (!h) return false;
  const key = await scryptAsync(password, h.salt, { N: h.N, r: h.r, p: h.p }).catch(() => null);
  return key !== null && key.length === h.hash.length && timingSafeEqual(key, h.hash);
}
