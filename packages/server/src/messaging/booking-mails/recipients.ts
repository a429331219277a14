import { Role } from '@perch/contract';
import type { Db } from '../../db/connection.js';
import { readersOf, type MailReader } from '../mail/index.js';

/** The approvers of a space who want approval-request mails (space admins in its approver groups). */
export async function findApprovers(db: Db, spaceId: string): Promise<MailReader[]> {
  const rows = await db
    .selectFrom('space_approvers')
    .innerJoin('user_groups', 'user_groups.group_id', 'space_approvers.group_id')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .select('users.id')
    .where('space_approvers.space_id', '=', spaceId)
    .where('users.role', '>=', Role.SpaceAdmin)
    .execute();
  const readers = await readersOf(
    db,
    rows.map((r) => r.id),
  );
  return readers.filter((r) => r.switches.approval_notifications === '1');
}
