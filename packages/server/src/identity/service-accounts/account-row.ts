import { Role } from '@perch/contract';
import type { AuthContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';

/** A user row with what a request's context needs of its organisation. */
export type AccountRow = UserRow & { org_name: string; org_language: string; primary_domain: string | null };

const SELECT_ACCOUNT = `
  SELECT u.*, o.name AS org_name, o.language AS org_language, d.domain AS primary_domain
  FROM users u
  JOIN organizations o ON o.id = u.organization_id
  LEFT JOIN organization_domains d ON d.organization_id = o.id AND d.is_primary`;

/** The account an HTTP Basic user name names (`<orgId>_<email>`), whatever its role: the caller judges it. */
export const ACCOUNT_BY_EMAIL_SQL = `${SELECT_ACCOUNT}
  WHERE u.organization_id = $1 AND u.email = $2`;

/** The enabled service account holding an API token, by the token's SHA-256. */
export const ACCOUNT_BY_TOKEN_SQL = `${SELECT_ACCOUNT}
  WHERE u.api_token_hash = $1
    AND u.role IN (${Role.ServiceAccountReadOnly}, ${Role.ServiceAccountReadWrite})
    AND NOT u.disabled`;

/** The context of a request a service account authenticated on its own: there is no session. */
export function serviceAccountContext(row: AccountRow): AuthContext {
  const { org_name, org_language, primary_domain, ...user } = row;
  return {
    userId: user.id,
    orgId: user.organization_id,
    email: user.email,
    role: user.role,
    sessionId: null,
    user,
    organization: {
      id: user.organization_id,
      name: org_name,
      language: org_language,
      primaryDomain: primary_domain ?? '',
    },
  };
}
