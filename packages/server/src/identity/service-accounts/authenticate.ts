import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, AuthContext } from '../../context.js';
import { hashToken } from '../../lib/tokens.js';
import { recordApiTokenUse } from '../api-tokens/index.js';
import { updateUser } from '../accounts/index.js';
import { ACCOUNT_BY_TOKEN_SQL, serviceAccountContext, type AccountRow } from './account-row.js';
import { BasicAuthenticator, type BasicClient } from './basic-auth.js';

/** Activity and a token's last use are recorded at most this often per account. */
const ACTIVITY_INTERVAL_MS = 60_000;
/** Longer bearer values are no token this server made (those have 64 characters). */
const TOKEN_MAX = 512;

export interface ServiceAccountAuthenticator {
  /** A request with `Authorization: Basic <encoded>`; null when refused; throws 429 while throttled. */
  basic(encoded: string, client: BasicClient): Promise<AuthContext | null>;
  /** A request with `Authorization: Bearer <token>` whose value is no JWT; null for no current token. */
  apiToken(token: string): Promise<AuthContext | null>;
}

/**
 * How service accounts (roles 21/22) authenticate: each request on its own, with HTTP Basic or
 * an API token, never with a session. The account's last activity (and a token's last use) is
 * written in the background, at most once a minute, off the request's path.
 */
export function createServiceAccountAuthenticator(deps: AppDeps, log: FastifyBaseLogger): ServiceAccountAuthenticator {
  const basic = new BasicAuthenticator(deps);
  const recording = new Set<string>();
  const record = (row: AccountRow, last: Date | null, write: (now: Date) => Promise<void>) => {
    if ((last && Date.now() - last.getTime() < ACTIVITY_INTERVAL_MS) || recording.has(row.id)) return;
    recording.add(row.id);
    write(new Date())
      .catch((err: unknown) => log.warn({ err }, 'could not record service account activity'))
      .finally(() => recording.delete(row.id));
  };
  return {
    async basic(encoded, client) {
      const row = await basic.authenticate(encoded, client);
      if (!row) return null;
      record(row, row.last_activity_at, (now) => updateUser(deps.db, row.id, { last_activity_at: now }));
      return serviceAccountContext(row);
    },
    async apiToken(token) {
      if (token.length > TOKEN_MAX) return null;
      const hash = hashToken(token);
      const rows = await deps.prepared<AccountRow>('service-account-by-token', ACCOUNT_BY_TOKEN_SQL, [hash]);
      const row = rows[0];
      if (!row) return null;
      record(row, row.api_token_last_used_at, (now) => recordApiTokenUse(deps.db, row.id, hash, now));
      return serviceAccountContext(row);
    },
  };
}
