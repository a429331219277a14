import {
  AUTH_ATTEMPT_DEFAULT_DAYS,
  AUTH_ATTEMPT_PAGE_DEFAULT,
  AUTH_ATTEMPT_PAGE_MAX,
  Role,
  type AuthAttemptListQuery,
  type AuthErrorCode,
  type AuthMethod,
} from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import { deviceLabel } from '../../lib/device.js';
import { deleteAuthAttemptsBefore, findAuthAttempts, insertAuthAttempt, type AuthAttemptView } from './repo.js';

/** Reading the organisation's sign-in log needs this role. */
export const AUTH_ATTEMPT_READER_ROLE = Role.OrgAdmin;

/** Longest error detail kept (an IdP's error answer can be long). */
const DETAIL_MAX = 2000;
/** Longest email kept (the sign-in form takes 256 characters). */
const EMAIL_MAX = 256;

/** How an attempt ended: signed in, or refused for a reason. */
export type AuthAttemptOutcome =
  | { successful: true }
  | {
      successful: false;
      errorCode: AuthErrorCode;
      /** What else explains the failure (an IdP's error answer, seconds of a block …); never a secret. */
      errorDetail?: string;
    };

/** One sign-in attempt, as every sign-in flow reports it. */
export type AuthAttemptRecord = AuthAttemptOutcome & {
  /** The organisation signed in to. An id of no organisation is not recorded. */
  organizationId: string;
  method: AuthMethod;
  /** The email the attempt named (stored trimmed and lower-case). */
  email: string;
  /** The account it resolved to; null when none did (`user_not_found`). */
  userId: string | null;
  /** The sign-in provider of an OAuth attempt. */
  authProviderId?: string | null;
  /** The client's address (`request.ip`). */
  clientAddress: string;
  /** The `User-Agent`, recorded as a device label ("Chrome on Windows"). */
  userAgent: string | undefined;
};

/**
 * Writes one attempt to the organisation's sign-in log. Call it once per sign-in outcome, before
 * answering, and outside any transaction: the row is committed on its own, so a refused sign-in
 * that throws right after keeps its record. Called inside a transaction it throws, since the row
 * would vanish with a rollback.
 */
export async function recordAuthAttempt(deps: AppDeps, a: AuthAttemptRecord): Promise<void> {
  if (deps.db.isTransaction)
    throw new Error('recordAuthAttempt must run outside a transaction, or a rollback would erase the record');
  await insertAuthAttempt(deps.db, {
    organization_id: a.organizationId,
    user_id: a.userId,
    email: a.email.trim().toLowerCase().slice(0, EMAIL_MAX),
    successful: a.successful,
    method: a.method,
    auth_provider_id: a.authProviderId ?? null,
    error_code: a.successful ? '' : a.errorCode,
    error_detail: a.successful ? '' : (a.errorDetail ?? '').slice(0, DETAIL_MAX),
    client_address: a.clientAddress,
    device: deviceLabel(a.userAgent),
  });
}

const DAY_MS = 86_400_000;

/** The organisation's sign-in attempts (org admins; always the caller's own organisation). */
export async function listAuthAttempts(
  deps: AppDeps,
  auth: AuthContext,
  query: AuthAttemptListQuery,
): Promise<{ rows: AuthAttemptView[]; total: number }> {
  requireRole(auth, AUTH_ATTEMPT_READER_ROLE);
  const end = query.end ? new Date(query.end) : new Date();
  const start = query.start ? new Date(query.start) : new Date(end.getTime() - AUTH_ATTEMPT_DEFAULT_DAYS * DAY_MS);
  const success = query.success === undefined ? undefined : ['true', '1'].includes(query.success.toLowerCase());
  const email = query.user?.trim();
  return findAuthAttempts(
    deps.db,
    { orgId: auth.orgId, start, end, email: email || undefined, successful: success },
    {
      limit: Math.min(query.limit ?? AUTH_ATTEMPT_PAGE_DEFAULT, AUTH_ATTEMPT_PAGE_MAX),
      offset: query.offset ?? 0,
    },
  );
}

/** Attempts one purge run removes at most (the job runs every minute). */
const PURGE_BATCH = 10_000;

/** Removes attempts older than `AUTH_EVENT_RETENTION_DAYS` (0 keeps them); returns how many went. */
export async function purgeOldAuthAttempts(deps: AppDeps, now = new Date()): Promise<number> {
  const days = deps.config.AUTH_EVENT_RETENTION_DAYS;
  if (days <= 0) return 0;
  return deleteAuthAttemptsBefore(deps.db, new Date(now.getTime() - days * DAY_MS), PURGE_BATCH);
}
