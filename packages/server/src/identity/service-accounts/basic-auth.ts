import { isServiceAccount, type AuthErrorCode } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { serviceUnavailable, tooManyRequests } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { PasswordChecksBusy } from '../../lib/password-check-queue.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import { recordAuthAttempt, type AuthAttemptOutcome } from '../auth-attempts/index.js';
import {
  recordFailure,
  recordRangeAttempt,
  recordSuccess,
  throttleKeys,
  throttleState,
} from '../sign-in-throttle/index.js';
import { ACCOUNT_BY_EMAIL_SQL, type AccountRow } from './account-row.js';
import { VerifiedPasswords } from './verified-passwords.js';

/** HTTP Basic credentials of a service account: user name `<orgId>_<email>`, and the password. */
export interface BasicCredentials {
  organizationId: string;
  email: string;
  password: string;
}

/** Where a request came from, for the throttle and the sign-in log. */
export interface BasicClient {
  ip: string;
  userAgent: string | undefined;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** The longest email the sign-in form takes, and a password far beyond the 64-character rule. */
const EMAIL_MAX = 256;
const PASSWORD_MAX = 1024;
/** Verified credentials remembered per process. */
const VERIFIED_CAPACITY = 1000;
/** Failed Basic attempts say so in the sign-in log (a success has no detail). */
const BASIC_DETAIL = 'HTTP Basic authentication';

/**
 * The credentials in a Basic header's value (what follows `Basic `), or null when it is not
 * base64 of `<orgId>_<email>:<password>`. The organisation id is a UUID, so the first `_`
 * ends it; the first `:` ends the user name (a password may hold colons).
 */
export function parseBasicCredentials(encoded: string): BasicCredentials | null {
  const value = encoded.trim();
  if (!BASE64.test(value)) return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const userName = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  const underscore = userName.indexOf('_');
  if (underscore < 0) return null;
  const organizationId = userName.slice(0, underscore);
  const email = userName
    .slice(underscore + 1)
    .trim()
    .toLowerCase();
  if (!isUuid(organizationId) || email === '' || email.length > EMAIL_MAX) return null;
  if (password === '' || password.length > PASSWORD_MAX) return null;
  return { organizationId: organizationId.toLowerCase(), email, password };
}

/** Why an account cannot authenticate with HTTP Basic, or null when it can. */
function basicRefusal(user: UserRow): AuthErrorCode | null {
  if (!isServiceAccount(user.role)) return 'not_service_account';
  if (user.disabled) return 'user_disabled';
  if (user.password_pending) return 'password_pending';
  if (user.password_hash === null) return 'no_password_set';
  // A password an admin set must be changed at the next interactive sign-in, which service
  // accounts never have: for them `password_update_required` means nothing.
  return null;
}

/**
 * HTTP Basic for service accounts. Credentials seen before with the account's current password
 * hash pass at the cost of one read; any other attempt is checked like a password sign-in:
 * throttled per account, address and network (429 + Retry-After), a password hash in its turn
 * among the process's password checks (503 when too busy; also for unknown and refused accounts,
 * so timing tells nothing), and its outcome written to the organisation's sign-in log.
 * Concurrent requests with the same new credentials share one check.
 */
export class BasicAuthenticator {
  private readonly verified = new VerifiedPasswords(VERIFIED_CAPACITY);
  private readonly checking = new Map<string, Promise<boolean>>();

  /** `verify` checks a password against a stored hash (tests count the calls). */
  constructor(
    private readonly deps: AppDeps,
    private readonly verify: (password: string, stored: string) => Promise<boolean> = verifyPassword,
  ) {}

  /** The service account of a Basic header's value; null when refused; throws 429 while throttled. */
  async authenticate(encoded: string, client: BasicClient): Promise<AccountRow | null> {
    const creds = parseBasicCredentials(encoded);
    if (!creds) return null;
    const rows = await this.deps.prepared<AccountRow>('service-account-by-email', ACCOUNT_BY_EMAIL_SQL, [
      creds.organizationId,
      creds.email,
    ]);
    const row = rows[0];
    const refused = row ? basicRefusal(row) : 'user_not_found';
    const key = this.verified.keyOf(JSON.stringify([creds.organizationId, creds.email, creds.password]));
    const stored = row && refused === null ? (row.password_hash as string) : null;
    if (row && stored !== null && this.verified.matches(key, stored)) return row;

    const pending = `${key} ${stored ?? ''}`;
    let check = this.checking.get(pending);
    if (!check) {
      check = this.check(creds, client, row, refused, key, stored).finally(() => this.checking.delete(pending));
      this.checking.set(pending, check);
    }
    return (await check) ? (row ?? null) : null;
  }

  private async check(
    creds: BasicCredentials,
    client: BasicClient,
    row: AccountRow | undefined,
    refused: AuthErrorCode | null,
    key: string,
    stored: string | null,
  ): Promise<boolean> {
    const { deps } = this;
    const log = (outcome: AuthAttemptOutcome) =>
      recordAuthAttempt(deps, {
        ...outcome,
        organizationId: creds.organizationId,
        method: 'password',
        email: creds.email,
        userId: row?.id ?? null,
        clientAddress: client.ip,
        userAgent: client.userAgent,
      });
    const keys = throttleKeys(creds.organizationId, creds.email, client.ip);
    const { waitSeconds: wait, failedBefore } = await throttleState(deps, keys);
    if (wait > 0) {
      await log({
        successful: false,
        errorCode: 'throttled',
        errorDetail: `${BASIC_DETAIL}: blocked for ${wait} more seconds after repeated failures`,
      });
      throw tooManyRequests(wait, 'Too many failed sign-in attempts; try again later');
    }
    const hash = stored ?? (await dummyPasswordHash(deps.config));
    let ok: boolean;
    try {
      ok = await deps.passwordChecks.run(keys.range, () => this.verify(creds.password, hash), { failedBefore });
    } catch (e) {
      if (!(e instanceof PasswordChecksBusy)) throw e;
      await recordRangeAttempt(deps, keys, stored === null);
      await log({
        successful: false,
        errorCode: 'busy',
        errorDetail: `${BASIC_DETAIL}: not checked, too many at once`,
      });
      throw serviceUnavailable(e.retryAfterSeconds, 'Too many password checks at once; try again in a few seconds');
    }
    if (stored === null || !ok) {
      await recordFailure(deps, keys, stored === null);
      await log({ successful: false, errorCode: refused ?? 'wrong_password', errorDetail: BASIC_DETAIL });
      return false;
    }
    this.verified.remember(key, stored);
    await recordSuccess(deps, keys);
    await log({ successful: true });
    return true;
  }
}
