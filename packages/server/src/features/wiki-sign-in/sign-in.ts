import { isEmail, isServiceAccount, type ProviderFailureReason } from '@perch/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import type { RequestInfo } from '../../http/route.js';
import { publicUrl } from '../../lib/public-url.js';
import { recordAuthAttempt } from '../auth-attempts/service.js';
import { createLink, LinkType } from '../auth/one-time-links.js';
import { failedUrl } from '../auth-providers/sign-in.js';
import { findDomains, findOrganization } from '../organizations/repo.js';
import { insertDefaultPreferences } from '../preferences/repo.js';
import { readSetting, settingEnabled } from '../settings/repo.js';
import { verifyWikiToken, WikiTokenError } from './token.js';

/**
 * `GET /confluence/:orgId/:jwt` (reference §9.1): the team wiki's app opens Perch with a token
 * it signed with the organisation's shared secret; the wiki user becomes a Perch account of the
 * organisation (found by its wiki identity, else by email, else created with role 0 and no
 * password) and the browser goes on to `/ui/login/success/<ticket>/`, where the app redeems
 * the ticket at `GET /auth/verify/:id` for a session. Failures go to the failed-sign-in page.
 */

/** The wiki's anonymous visitors get accounts named like this (removed a day after their last visit). */
export const ANONYMOUS_PREFIX = 'confluence-anonymous-';

/** The account a wiki user maps to, by email: reference §9.1 step 4. */
export function wikiEmail(user: string, activeDomains: readonly string[]): string | null {
  const domains = [...activeDomains].map((d) => d.toLowerCase()).sort();
  const fallback = domains.at(-1);
  if (user === '') return fallback ? `${ANONYMOUS_PREFIX}${randomUUID()}@${fallback}` : null;
  const at = user.lastIndexOf('@');
  if (at > 0) {
    const local = user.slice(0, at).toLowerCase();
    const domain = user.slice(at + 1).toLowerCase();
    const email = `${local}@${domains.includes(domain) ? domain : fallback}`;
    return fallback && isEmail(email) ? email : null;
  }
  const email = `confluence-${user.toLowerCase()}@${fallback}`;
  return fallback && isEmail(email) ? email : null;
}

async function findWikiUser(deps: AppDeps, orgId: string, email: string): Promise<UserRow | undefined> {
  const byWiki = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where(sql<boolean>`lower(atlassian_id) = ${email}`)
    .executeTakeFirst();
  if (byWiki) return byWiki;
  const byEmail = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('email', '=', email)
    .executeTakeFirst();
  if (byEmail && !byEmail.atlassian_id)
    await deps.db.updateTable('users').set({ atlassian_id: email }).where('id', '=', byEmail.id).execute();
  return byEmail;
}

/** Finds or creates the account; two first visits at once find the one the other created. */
async function wikiUser(deps: AppDeps, orgId: string, email: string): Promise<UserRow> {
  const found = await findWikiUser(deps, orgId, email);
  if (found) return found;
  try {
    return await inTransaction(deps, async (tx) => {
      const created = await tx.db
        .insertInto('users')
        .values({ organization_id: orgId, email, role: 0, atlassian_id: email })
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertDefaultPreferences(
        tx.db,
        created.id,
        await settingEnabled(tx.db, orgId, 'new_user_default_mail_notification'),
      );
      return created;
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const raced = await findWikiUser(deps, orgId, email);
    if (!raced) throw e;
    return raced;
  }
}

const TOKEN_FAILURE: Record<WikiTokenError['problem'], ProviderFailureReason> = {
  unreadable: 'config',
  algorithm: 'config',
  signature: 'config',
  expired: 'expired',
  'not-yet-valid': 'expired',
  'no-expiry': 'config',
};

export async function wikiSignIn(
  deps: AppDeps,
  rawOrgId: string,
  token: string,
  request: RequestInfo,
): Promise<string> {
  const org = isUuid(rawOrgId) ? await findOrganization(deps.db, rawOrgId.toLowerCase()) : undefined;
  if (!org)
    throw notFound(
      'Unknown organisation: copy the organisation id from Administration › Settings › Team wiki in Perch into the wiki app',
    );
  const stored = await readSetting(deps.db, org.id, 'confluence_server_shared_secret');
  const secret = stored ? deps.secrets.decrypt(stored) : null;
  if (!secret) throw badRequest('The wiki integration of this organisation has no shared secret yet');

  const attempt = {
    organizationId: org.id,
    method: 'confluence' as const,
    clientAddress: request.ip,
    userAgent: request.userAgent,
  };
  let wikiName: string;
  try {
    wikiName = await verifyWikiToken(token, secret);
  } catch (e) {
    if (!(e instanceof WikiTokenError)) throw e;
    await recordAuthAttempt(deps, {
      ...attempt,
      successful: false,
      errorCode: 'confluence_jwt_invalid',
      errorDetail: e.message,
      email: '',
      userId: null,
    });
    return failedUrl(deps, TOKEN_FAILURE[e.problem]);
  }
  if (wikiName === '' && !(await settingEnabled(deps.db, org.id, 'confluence_anonymous')))
    return failedUrl(deps, 'login', 'anonymous', 'Anonymous wiki visitors may not book in this organisation');
  const domains = (await findDomains(deps.db, org.id)).filter((d) => d.active).map((d) => d.domain);
  const email = wikiEmail(wikiName, domains);
  if (!email) {
    await recordAuthAttempt(deps, {
      ...attempt,
      successful: false,
      errorCode: 'idp_attribute_mapping_failed',
      errorDetail: 'The wiki user maps to no valid email (the organisation needs an active domain)',
      email: wikiName.slice(0, 256),
      userId: null,
    });
    return failedUrl(deps, 'config');
  }
  const user = await wikiUser(deps, org.id, email);
  if (user.disabled || isServiceAccount(user.role)) {
    await recordAuthAttempt(deps, {
      ...attempt,
      successful: false,
      errorCode: user.disabled ? 'user_disabled' : 'service_account',
      email,
      userId: user.id,
    });
    return failedUrl(deps, 'login');
  }
  const ticket = await createLink(deps.db, LinkType.WikiTicket, org.id, { userId: user.id });
  // `embedded`: the web app shows its compact layout for the wiki's frame.
  return publicUrl(deps.config, `/ui/login/success/${ticket}/?embedded=1`);
}
