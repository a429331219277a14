import { createHash, randomInt } from 'node:crypto';
import { TOTP_RECOVERY_CODE_COUNT } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { forbidden } from '../../http/errors.js';
import { countRecoveryCodes, replaceRecoveryCodes, takeRecoveryCode } from './repo.js';

/**
 * TOTP recovery codes (a Perch addition): single-use codes that sign in in place of a TOTP code
 * when the phone with the authenticator app is lost. Shown once when made; only a hash is kept.
 */

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I). */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 12 symbols of 32: 60 bits, out of reach of guessing at the sign-in throttle's pace. */
const GROUPS = 3;
const GROUP_LENGTH = 4;
const CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${GROUPS * GROUP_LENGTH}}$`);

/** A new code, e.g. "7KQ2-M9XD-4TRA". */
function newCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** A code as typed, without dashes, spaces and case; null when it cannot be a recovery code. */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return CODE_PATTERN.test(code) ? code : null;
}

/** The stored form: salted with the user id, so equal codes of two users differ. */
const hashCode = (userId: string, normalised: string): string =>
  createHash('sha256').update(`${userId}:${normalised}`).digest('hex');

/** `POST /user/totp/recovery-codes`: a new set replaces the old one; TOTP must be on. */
export async function makeRecoveryCodes(deps: AppDeps, auth: AuthContext): Promise<string[]> {
  if (auth.user.totp_secret === null) throw forbidden('Recovery codes need two-factor sign-in (TOTP) to be on');
  const codes = Array.from({ length: TOTP_RECOVERY_CODE_COUNT }, newCode);
  const hashes = codes.map((c) => hashCode(auth.userId, normaliseRecoveryCode(c)!));
  await inTransaction(deps, (tx) => replaceRecoveryCodes(tx.db, auth.userId, hashes));
  return codes;
}

/** `GET /user/totp/recovery-codes`: how many unused codes are left (0 while TOTP is off). */
export async function remainingRecoveryCodes(deps: AppDeps, auth: AuthContext): Promise<number> {
  return auth.user.totp_secret === null ? 0 : countRecoveryCodes(deps.db, auth.userId);
}

/** Uses up a recovery code at sign-in; false when it is not one of the user's unused codes. */
export async function useRecoveryCode(db: Db, userId: string, input: string): Promise<boolean> {
  const code = normaliseRecoveryCode(input);
  return code !== null && takeRecoveryCode(db, userId, hashCode(userId, code));
}
