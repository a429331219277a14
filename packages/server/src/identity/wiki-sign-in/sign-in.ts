import { createHash, randomUUID } from 'node:crypto';
import { isEmail, WIKI_SECRET_MIN_BYTES, type AuthErrorCode, type ProviderFailureReason } from '@perch/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import type { RequestInfo } from '../../http/route.js';
import { publicUrl } from '../../lib/public-url.js';
import { recordAuthAttempt } from '../auth-attempts/index.js';
import { wikiAccountRefusal } from '../auth/index.js';
import { createLink, LinkType } from '../one-time-links/index.js';
import { failedUrl } from '../auth-providers/index.js';
import { findDomains, findOrganization } from '../../organization/organizations/index.js';
import { insertDefaultPreferences } from '../preferences/index.js';
import { readSetting, settingEnabled } from '../../organization/settings/index.js';
import { verifyWikiToken, WikiTokenError, type WikiToken } from './token.js';

/**
 * `GET /confluence/:orgId/:jwt`: the team wiki's app opens Perch with a token it signed with the
 * organisation's shared secret (at least 32 bytes); each token is let in once. The wiki user
 * becomes a Perch account of the organisation (found by its wiki identity, else by email, else
 * created with role 0 and no password), never one above the role of the admin who set the secret
 * and never a super admin, and the browser goes on to `/ui/login/success/<ticket>/`, where the app
 * redeems the ticket at `GET /auth/verify/:id` for a session. Failures go to the failed-sign-in
 * page and the sign-in log.
 */

/** The wiki's anonymous visitors get accounts named like this (removed a day after their last visit). */
export const ANONYMOUS_PREFIX = 'confluence-anonymous-';

/** The address a wiki user maps to, or why there is none. */
export type WikiAddress = { email: string } | { problem: 'no-domain' | 'foreign-domain' };

/**
 * The account a wiki user maps to, by email. An address on one of the organisation's verified
 * (active) domains is taken as it is; an address elsewhere keeps its local part on the
 * organisation's domain only when an admin turned that on (`confluence_map_foreign_domains`),
 * since `admin@gmail.example` is not `admin@<our domain>`. A user name becomes
 * `confluence-<name>@<domain>`, an empty one an anonymous visitor.
 */
export function wikiEmail(user: string, activeDomains: readonly string[], mapForeignDomains: boolean): WikiAddress {
  const domains = [...activeDomains].map((d) => d.toLowerCase()).sort();
  const fallback = domains.at(-1);
  const checked = (email: string): WikiAddress => (fallback && isEmail(email) ? { email } : { problem: 'no-domain' });
  if (user === '') return checked(`${ANONYMOUS_PREFIX}${randomUUID()}@${fallback}`);
  const at = user.lastIndexOf('@');
  if (at > 0) {
    const local = user.slice(0, at).toLowerCase();
    const domain = user.slice(at + 1).toLowerCase();
    if (domains.includes(domain)) return checked(`${local}@${domain}`);
    return mapForeignDomains ? checked(`${local}@${fallback}`) : { problem: 'foreign-domain' };
  }
  return checked(`confluence-${user.toLowerCase()}@${fallback}`);
}

/** The account of a wiki user: by its wiki identity, else by email. Nothing is changed. */
async function findWikiUser(deps: AppDeps, orgId: string, email: string): Promise<UserRow | undefined> {
  const byWiki = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where(sql<boolean>`lower(atlassian_id) = ${email}`)
    .executeTakeFirst();
  if (byWiki) return byWiki;
  return deps.db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('email', '=', email)
    .executeTakeFirst();
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

/** Lets each token in once: false when it was used before (its digest is kept until it expires). */
async function firstUse(deps: AppDeps, token: string, expiresAt: Date): Promise<boolean> {
  const digest = createHash('sha256').update(token).digest('base64url');
  const inserted = await deps.db
    .insertInto('wiki_token_uses')
    .values({ digest, expires_at: expiresAt })
    .onConflict((oc) => oc.column('digest').doNothing())
    .returning('digest')
    .executeTakeFirst();
  return inserted !== undefined;
}

const TOKEN_FAILURE: Record<WikiTokenError['problem'], ProviderFailureReason> = {
  unreadable: 'config',
  algorithm: 'config',
  signature: 'config',
  expired: 'expired',
  'not-yet-valid': 'expired',
  'no-expiry': 'config',
  'expiry-too-far': 'config',
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
  const refuse = async (
    code: AuthErrorCode,
    detail: string,
    reason: ProviderFailureReason,
    user?: { email: string; id: string | null },
  ) => {
    await recordAuthAttempt(deps, {
      ...attempt,
      successful: false,
      errorCode: code,
      errorDetail: detail,
      email: user?.email ?? '',
      userId: user?.id ?? null,
    });
    return failedUrl(deps, reason);
  };
  if (Buffer.byteLength(secret) < WIKI_SECRET_MIN_BYTES)
    return refuse(
      'confluence_secret_too_short',
      `The shared secret is shorter than ${WIKI_SECRET_MIN_BYTES} bytes: an admin sets a new one (Generate)`,
      'config',
    );
  let wiki: WikiToken;
  try {
    wiki = await verifyWikiToken(token, secret);
  } catch (e) {
    if (!(e instanceof WikiTokenError)) throw e;
    const code = e.problem === 'expiry-too-far' ? 'confluence_jwt_expiry_too_far' : 'confluence_jwt_invalid';
    return refuse(code, e.message, TOKEN_FAILURE[e.problem]);
  }
  if (!(await firstUse(deps, token, wiki.expiresAt)))
    return refuse(
      'confluence_jwt_replayed',
      'The token was used before: the wiki signs a new one for each visit',
      'expired',
    );
  // A visitor the wiki has not signed in, where the organisation books for signed-in ones only.
  if (wiki.user === '' && !(await settingEnabled(deps.db, org.id, 'confluence_anonymous')))
    return publicUrl(deps.config, '/ui/login/confluence/anonymous');
  const domains = (await findDomains(deps.db, org.id)).filter((d) => d.active).map((d) => d.domain);
  const mapped = wikiEmail(wiki.user, domains, await settingEnabled(deps.db, org.id, 'confluence_map_foreign_domains'));
  if ('problem' in mapped) {
    const named = { email: wiki.user.slice(0, 256), id: null };
    return mapped.problem === 'foreign-domain'
      ? refuse(
          'confluence_domain_not_verified',
          "The wiki user's address is not on a verified domain of the organisation (and mapping other domains is off)",
          'login',
          named,
        )
      : refuse(
          'idp_attribute_mapping_failed',
          'The wiki user maps to no valid email (the organisation needs an active domain)',
          'config',
          named,
        );
  }
  const user = await wikiUser(deps, org.id, mapped.email);
  const refusal = wikiAccountRefusal(user, org.wiki_configured_by_role);
  if (refusal) return refuse(refusal.code, refusal.detail, 'login', { email: mapped.email, id: user.id });
  // Found by email: from now on the wiki identity names it.
  if (!user.atlassian_id)
    await deps.db.updateTable('users').set({ atlassian_id: mapped.email }).where('id', '=', user.id).execute();
  const ticket = await createLink(deps.db, LinkType.WikiTicket, org.id, { userId: user.id });
  // `embedded`: the web app shows its compact layout for the wiki's frame.
  return publicUrl(deps.config, `/ui/login/success/${ticket}/?embedded=1`);
}
