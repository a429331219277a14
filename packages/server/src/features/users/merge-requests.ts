import type { MergeRequest } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';

/**
 * Requests of other accounts of the organisation to be merged into the caller's account
 * (the target), oldest first. Expired requests are never shown, even before the purge job
 * has removed them. Every role may ask: the navigation bar of the web app does on each page.
 */
export async function listIncomingMergeRequests(deps: AppDeps, auth: AuthContext): Promise<MergeRequest[]> {
  const rows = await deps.db
    .selectFrom('merge_requests as m')
    .innerJoin('users as source', 'source.id', 'm.source_user_id')
    .select(['m.id', 'm.source_user_id', 'source.email'])
    .where('m.target_user_id', '=', auth.userId)
    // A request never crosses organisations, whatever wrote the row.
    .where('source.organization_id', '=', auth.orgId)
    .where('m.expires_at', '>', new Date())
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ id: r.id, userId: r.source_user_id, email: r.email }));
}
