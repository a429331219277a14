import { Role } from '@perch/contract';
import type { App } from '../app-context.js';
import type { AuthContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { tooManyRequests, unauthorized } from './errors.js';
import { RateLimiter } from './rate-limit.js';

type SessionCheckRow = UserRow & {
  session_activity: Date;
  org_name: string;
  org_language: string;
  primary_domain: string | null;
};

/** Checks session and user and loads the user with its organisation: a plain read. */
const AUTHENTICATE_SQL = `
  SELECT u.*, s.last_activity AS session_activity, o.name AS org_name, o.language AS org_language,
    d.domain AS primary_domain
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN organizations o ON o.id = u.organization_id
  LEFT JOIN organization_domains d ON d.organization_id = o.id AND d.is_primary
  WHERE s.id = $1 AND s.user_id = $2 AND s.expires_at > now() AND NOT u.disabled`;

/** A session's last activity is recorded at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

/** Paths served to everyone: the web app's files and the API documentation. */
const PUBLIC_PREFIXES = ['/ui/', '/docs'];

/** Methods a read-only service account (role 21) may send: reads only. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the Authorization header carries: a bearer JWT (a session's access token), a bearer
 * API token (any other bearer value), HTTP Basic credentials, or nothing usable.
 */
type Credentials = { kind: 'jwt' | 'apiToken' | 'basic'; value: string } | null;

function credentialsOf(header: string | undefined): Credentials {
  const m = /^(Bearer|Basic)\s+(.*)$/is.exec(header ?? '');
  const value = m?.[2]?.trim();
  if (!m || !value) return null;
  if (m[1]!.toLowerCase() === 'basic') return { kind: 'basic', value };
  return { kind: value.startsWith('eyJ') ? 'jwt' : 'apiToken', value };
}

/**
 * Authenticates every request that carries credentials and enforces the per-user rate limit.
 * People send a session's access token: one read checks the session and user and loads the
 * user with its organisation; session activity is written in the background at most once a
 * minute, and the rate limiter mostly counts locally (see rate-limit.ts). Service accounts
 * (roles 21/22) send HTTP Basic or an API token instead (identity/service-accounts/); a
 * read-only one (21) is refused with 401 for anything but a read.
 */
/** How requests without a session authenticate: service accounts' API tokens and HTTP Basic. */
export interface CredentialAuthenticator {
  apiToken(token: string): Promise<AuthContext | null>;
  basic(encoded: string, client: { ip: string; userAgent: string | undefined }): Promise<AuthContext | null>;
}

export function installAuthentication(app: App, serviceAccounts: CredentialAuthenticator): void {
  const { config, prepared, db } = app.deps;
  const touching = new Set<string>();
  /** Records session activity in the background, once a minute, off the request's path. */
  const touch = (sessionId: string, last: Date) => {
    if (Date.now() - last.getTime() < TOUCH_INTERVAL_MS || touching.has(sessionId)) return;
    touching.add(sessionId);
    db.updateTable('sessions')
      .set({ last_activity: new Date() })
      .where('id', '=', sessionId)
      .execute()
      .catch((err: unknown) => app.log.warn({ err }, 'could not record session activity'))
      .finally(() => touching.delete(sessionId));
  };
  const limiter = new RateLimiter(prepared, config.RATE_LIMIT, config.rateLimitPeriodSeconds);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const isPublic =
      req.routeOptions.config?.public === true ||
      !req.routeOptions.url ||
      PUBLIC_PREFIXES.some((p) => req.url.startsWith(p));
    const credentials = credentialsOf(req.headers.authorization);
    if (!credentials) {
      if (isPublic) return;
      throw unauthorized();
    }
    let ctx: AuthContext | null;
    if (credentials.kind === 'jwt') ctx = await authenticateToken(app, credentials.value, touch);
    else if (credentials.kind === 'apiToken') ctx = await serviceAccounts.apiToken(credentials.value);
    else ctx = await serviceAccounts.basic(credentials.value, { ip: req.ip, userAgent: req.headers['user-agent'] });
    if (!ctx) {
      if (isPublic) return;
      throw unauthorized(
        credentials.kind === 'jwt' ? 'The access token is invalid or has expired' : 'The credentials are invalid',
      );
    }
    if (!(await limiter.take(ctx.userId))) throw tooManyRequests(limiter.retryAfter(), 'Rate limit exceeded');
    if (ctx.role === Role.ServiceAccountReadOnly && !READ_METHODS.has(req.method))
      throw unauthorized('A read-only service account may only read');
    req.auth = ctx;
  });
}

async function authenticateToken(
  app: App,
  token: string,
  touch: (sessionId: string, last: Date) => void,
): Promise<AuthContext | null> {
  const claims = await app.deps.tokens.verifyAccess(token);
  if (!claims) return null;
  const rows = await app.deps.prepared<SessionCheckRow>('authenticate', AUTHENTICATE_SQL, [
    claims.sessionId,
    claims.userId,
  ]);
  const row = rows[0];
  if (!row) return null;
  touch(claims.sessionId, row.session_activity);
  const { org_name, org_language, primary_domain, session_activity: _activity, ...user } = row;
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
