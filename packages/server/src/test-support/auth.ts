import type { AuthContext } from '../context.js';
import type { Db } from '../db/connection.js';

/** The acting-user context of a user, as the authentication hook builds it, for calling operations directly. */
export async function authContextOf(db: Db, userId: string): Promise<AuthContext> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const org = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', user.organization_id)
    .executeTakeFirstOrThrow();
  const primary = await db
    .selectFrom('organization_domains')
    .select('domain')
    .where('organization_id', '=', org.id)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  return {
    userId: user.id,
    orgId: org.id,
    email: user.email,
    role: user.role,
    sessionId: '00000000-0000-0000-0000-000000000000',
    user,
    organization: { id: org.id, name: org.name, language: org.language, primaryDomain: primary?.domain ?? '' },
  };
}
