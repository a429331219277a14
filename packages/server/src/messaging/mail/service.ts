import { Role, type MailOutboxListQuery, type MailStatus } from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { MailOutboxRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { countMailsByStatus, findOutboxMail, findOutboxPage, makeMailDueNow } from './repo.js';

/** Org admins see their organisation's outbox. */
export const OUTBOX_READER_ROLE = Role.OrgAdmin;
const DEFAULT_PAGE = 50;

export interface OutboxPage {
  deliveryConfigured: boolean;
  counts: Record<MailStatus, number>;
  total: number;
  rows: MailOutboxRow[];
}

export async function listOutbox(deps: AppDeps, auth: AuthContext, query: MailOutboxListQuery): Promise<OutboxPage> {
  requireRole(auth, OUTBOX_READER_ROLE);
  const counts = await countMailsByStatus(deps.db, auth.orgId);
  const rows = await findOutboxPage(deps.db, auth.orgId, {
    status: query.status,
    limit: query.limit ?? DEFAULT_PAGE,
    offset: query.offset ?? 0,
  });
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { deliveryConfigured: Boolean(deps.config.SMTP_HOST), counts, total, rows };
}

/** Makes a waiting or failed mail of the organisation due now (its attempts start over). */
export async function retryOutboxMail(deps: AppDeps, auth: AuthContext, rawId: string): Promise<void> {
  requireRole(auth, OUTBOX_READER_ROLE);
  const mail = await findOutboxMail(deps.db, auth.orgId, pathId(rawId, 'Unknown mail'));
  if (!mail) throw notFound('Unknown mail');
  if (!(await makeMailDueNow(deps.db, mail.id))) throw badRequest('This mail was sent already');
}
