import { isServiceAccount, type MergeFinish, type MergeRequest } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import type { RequestInfo } from '../../http/route.js';
import { reassignBookings } from '../../booking/bookings/index.js';
import { moveBuddies } from '../../booking/buddies/index.js';
import { copyMemberships } from '../../organization/groups/index.js';
import { confirmPassword } from '../auth/index.js';
import { findUserByEmail } from '../accounts/index.js';

/**
 * Requests of other accounts of the organisation to be merged into the caller's account
 * (the target), oldest first, with what would move. Expired requests are never shown, even before
 * the purge job has removed them. Every role may ask: the navigation bar of the web app does on
 * each page.
 */
export async function listIncomingMergeRequests(deps: AppDeps, auth: AuthContext): Promise<MergeRequest[]> {
  const now = new Date();
  const rows = await deps.db
    .selectFrom('merge_requests as m')
    .innerJoin('users as source', 'source.id', 'm.source_user_id')
    .select((eb) => [
      'm.id',
      'm.source_user_id',
      'm.expires_at',
      'source.email',
      'source.atlassian_id',
      eb
        .selectFrom('bookings')
        .select((b) => b.fn.countAll<number>().as('n'))
        .whereRef('bookings.user_id', '=', 'source.id')
        .where('bookings.leave_at', '>', now)
        .as('bookings'),
      eb
        .selectFrom('recurring_bookings')
        .select((b) => b.fn.countAll<number>().as('n'))
        .whereRef('recurring_bookings.user_id', '=', 'source.id')
        .as('series'),
      eb
        .selectFrom('buddies')
        .select((b) => b.fn.countAll<number>().as('n'))
        .whereRef('buddies.owner_id', '=', 'source.id')
        .as('buddies'),
      eb
        .selectFrom('user_groups')
        .select((b) => b.fn.countAll<number>().as('n'))
        .whereRef('user_groups.user_id', '=', 'source.id')
        .as('groups'),
    ])
    .where('m.target_user_id', '=', auth.userId)
    // A request never crosses organisations, whatever wrote the row.
    .where('source.organization_id', '=', auth.orgId)
    .where('m.expires_at', '>', now)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.source_user_id,
    email: r.email,
    wikiIdentity: r.atlassian_id ?? '',
    moves: {
      bookings: Number(r.bookings ?? 0),
      series: Number(r.series ?? 0),
      buddies: Number(r.buddies ?? 0),
      groups: Number(r.groups ?? 0),
    },
    expiresAt: r.expires_at.toISOString(),
  }));
}

/** How long a merge request waits for the other account. */
const MERGE_REQUEST_SECONDS = 3600;

/**
 * `POST /user/merge/init`: the signed-in account, one the team wiki made, asks to be merged into
 * another account of the organisation, which accepts within an hour. No mail is sent: the other
 * account sees the request in its preferences.
 */
export async function initMerge(deps: AppDeps, auth: AuthContext, body: { email: string }): Promise<void> {
  const source = await deps.db.selectFrom('users').selectAll().where('id', '=', auth.userId).executeTakeFirstOrThrow();
  if (!source.atlassian_id) throw forbidden('Only an account made by the wiki integration can be merged into another');
  const target = await findUserByEmail(deps.db, auth.orgId, body.email.trim().toLowerCase());
  if (!target || target.id === source.id || target.disabled || isServiceAccount(target.role))
    throw notFound('There is no other account with this email in the organisation');
  await inTransaction(deps, async (tx) => {
    await tx.db
      .deleteFrom('merge_requests')
      .where('source_user_id', '=', source.id)
      .where('target_user_id', '=', target.id)
      .execute();
    await tx.db
      .insertInto('merge_requests')
      .values({
        source_user_id: source.id,
        target_user_id: target.id,
        expires_at: new Date(Date.now() + MERGE_REQUEST_SECONDS * 1000),
      })
      .execute();
  });
}

/** `DELETE /user/merge/:id`: the target declines a request, or the source withdraws it. */
export async function declineMerge(deps: AppDeps, auth: AuthContext, rawId: string): Promise<void> {
  const id = pathId(rawId, 'Unknown merge request');
  const deleted = await deps.db
    .deleteFrom('merge_requests')
    .where('id', '=', id)
    .where('expires_at', '>', new Date())
    .where((eb) => eb.or([eb('target_user_id', '=', auth.userId), eb('source_user_id', '=', auth.userId)]))
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Unknown or expired merge request');
}

/** How recent the session of an account without a password must be to accept a merge. */
const RECENT_SIGN_IN_SECONDS = 600;

/**
 * The accepting account proves it is its owner at the keyboard: its password, or, without one
 * (provider and wiki accounts), a sign-in within the last ten minutes (which asked for the
 * account's second factor, if it has one).
 */
async function confirmOwner(deps: AppDeps, auth: AuthContext, body: MergeFinish, request: Pick<RequestInfo, 'ip'>) {
  const user = auth.user;
  if (user.password_hash !== null) {
    if (!body?.password) throw forbidden('Confirm with your password to accept the merge');
    await confirmPassword(deps, user, body.password, request);
    return;
  }
  const session = auth.sessionId
    ? await deps.db.selectFrom('sessions').select('created_at').where('id', '=', auth.sessionId).executeTakeFirst()
    : undefined;
  if (!session || session.created_at.getTime() < Date.now() - RECENT_SIGN_IN_SECONDS * 1000)
    throw forbidden('Sign in again, then accept the merge within ten minutes');
}

/**
 * `POST /user/merge/finish/:id`: the signed-in account (the target) accepts a request, confirming
 * who it is. In one transaction the source's bookings and series, buddies and group memberships
 * move to the target (the bookings through the booking core, whose hooks put the upcoming ones in the
 * target's calendar), its wiki identity too when the target says so (later wiki sign-ins then
 * land here), the target keeps the higher role, and the source account is removed with the request.
 */
export async function finishMerge(
  deps: AppDeps,
  auth: AuthContext,
  rawId: string,
  body: MergeFinish,
  request: Pick<RequestInfo, 'ip'>,
): Promise<void> {
  const id = pathId(rawId, 'Unknown merge request');
  const pending = await deps.db
    .selectFrom('merge_requests')
    .select('id')
    .where('id', '=', id)
    .where('target_user_id', '=', auth.userId)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!pending) throw notFound('Unknown or expired merge request');
  await confirmOwner(deps, auth, body, request);
  await inTransaction(deps, async (tx) => {
    const request = await tx.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('id', '=', id)
      .where('target_user_id', '=', auth.userId)
      .where('expires_at', '>', new Date())
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('Unknown or expired merge request');
    const source = await tx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', request.source_user_id)
      .executeTakeFirst();
    const target = await tx.db.selectFrom('users').selectAll().where('id', '=', auth.userId).executeTakeFirstOrThrow();
    if (!source || source.organization_id !== target.organization_id)
      throw notFound('Unknown or expired merge request');

    await reassignBookings(tx, auth, source.id, target.id);
    await moveBuddies(tx.db, source.id, target.id);
    await copyMemberships(tx.db, source.id, target.id);
    const atlassianId = source.atlassian_id;
    await tx.db.deleteFrom('merge_requests').where('id', '=', request.id).execute();
    await tx.db.deleteFrom('users').where('id', '=', source.id).execute();
    await tx.db
      .updateTable('users')
      .set({
        role: Math.max(source.role, target.role),
        atlassian_id: body?.moveWikiIdentity && atlassianId ? atlassianId : target.atlassian_id,
      })
      .where('id', '=', target.id)
      .execute();
  });
}
