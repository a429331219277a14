import type { FastifyRequest } from 'fastify';
import type { App, AuthContext } from '../app-context.js';
import type { UserRow } from '../db/schema.js';
import { tooManyRequests, unauthorized } from './errors.js';

type SessionCheckRow = UserRow & {
  org_name: string;
  org_language: string;
  primary_domain: string | null;
  hits: number | null;
};

/** Checks session and user, loads the user and organisation, touches the session, counts the hit. */
const AUTHENTICATE_SQL = `
  WITH u AS (
    SELECT u.*, s.last_activity AS session_activity, o.name AS org_name, o.language AS org_language,
      d.domain AS primary_domain
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN organizations o ON o.id = u.organization_id
    LEFT JOIN organization_domains d ON d.organization_id = o.id AND d.is_primary
    WHERE s.id = $1 AND s.user_id = $2 AND s.expires_at > now() AND NOT u.disabled
  ), touch AS (
    UPDATE sessions SET last_activity = now()
    WHERE id = $1 AND EXISTS (SELECT 1 FROM u WHERE u.session_activity < now() - interval '1 minute')
  ), hit AS (
    INSERT INTO rate_limit_hits (subject, window_start, hits)
    SELECT u.id::text, $3, 1 FROM u
    ON CONFLICT (subject, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
    RETURNING hits
  )
  SELECT u.*, (SELECT hits FROM hit) AS hits FROM u`;

/** Paths served to everyone: the web app's files and the API documentation. */
const PUBLIC_PREFIXES = ['/ui/', '/docs'];

/**
 * Authenticates every request that carries a bearer token and enforces the per-user rate
 * limit. One round trip checks the session and user, loads the user with its organisation,
 * refreshes the session's activity (at most once a minute) and counts the request in the
 * shared rate-limit table.
 */
export function installAuthentication(app: App): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const isPublic =
      req.routeOptions.config?.public === true ||
      !req.routeOptions.url ||
      PUBLIC_PREFIXES.some((p) => req.url.startsWith(p));
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) {
      if (isPublic) return;
      throw unauthorized();
    }
    const ctx = await authenticateToken(app, req, token);
    if (!ctx) {
      if (isPublic) return;
      throw unauthorized('The access token is invalid or has expired');
    }
    req.auth = ctx;
  });
}

async function authenticateToken(app: App, req: FastifyRequest, token: string): Promise<AuthContext | null> {
  const { tokens, config } = app.deps;
  const claims = await tokens.verifyAccess(token);
  if (!claims) return null;
  const period = config.rateLimitPeriodSeconds;
  // Windows are identified by their start, in epoch seconds.
  const window = Math.floor(Date.now() / 1000 / period) * period;
  const rows = await app.deps.prepared<SessionCheckRow>('authenticate', AUTHENTICATE_SQL, [
    claims.sessionId,
    claims.userId,
    window,
  ]);
  const row = rows[0];
  if (!row) return null;
  if (row.hits !== null && row.hits > config.RATE_LIMIT) {
    const retry = window + period - Date.now() / 1000;
    throw tooManyRequests(retry, 'Rate limit exceeded');
  }
  const { org_name, org_language, primary_domain, hits: _hits, ...user } = row;
  return {
    userId: row.id,
    orgId: row.organization_id,
    email: row.email,
    role: row.role,
    sessionId: claims.sessionId,
    user,
    organization: {
      id: row.organization_id,
      name: org_name,
      language: org_language,
      primaryDomain: primary_domain ?? '',
    },
  };
}
