import type { Language } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { effectiveZone } from '../../lib/time.js';
import { findReader } from '../../messaging/mail/index.js';
import { mailDateTimeFormat, queueMail, mailCatalogue, mailLanguage } from '../../messaging/mail/index.js';
import { findOrganization } from '../../organization/organizations/index.js';
import { readSetting } from '../../organization/settings/index.js';

/**
 * The mail that tells an account's owner a second factor of theirs was locked: which one, until
 * when (on their clock: their time zone, else the organisation's, in their language), that
 * whoever failed knew the password, and to change it. The button leads to the security
 * preferences, where the password is changed.
 */

const SECURITY_PREFERENCES = '/ui/preferences?tab=security';

/** The second factors counted apart (factor-locks.ts): TOTP codes, recovery codes, passkey answers. */
export type SecondFactor = 'totp' | 'recovery' | 'passkey';

/** An instant on the reader's clock with the zone named, e.g. "Wednesday, 25 November 2026, 14:35 (Europe/Berlin)". */
function instantFor(at: Date, zone: string, language: Language, use24Hour: boolean): string {
  return `${mailDateTimeFormat(language, zone, use24Hour).format(at)} (${zone})`;
}

/** Queues the mail in the caller's transaction (the one that locks the factor). */
export async function queueFactorLockedMail(
  tx: AppDeps,
  user: UserRow,
  factor: SecondFactor,
  until: Date,
): Promise<void> {
  const reader = await findReader(tx.db, user.id);
  const org = await findOrganization(tx.db, user.organization_id);
  if (!reader || !org) return;
  const language = mailLanguage(reader.switches.mail_language, org.language);
  const zone = reader.zone ?? effectiveZone('', await readSetting(tx.db, org.id, 'default_timezone'));
  await queueMail(tx.db, tx.config, {
    kind: 'second-factor-locked',
    to: { email: reader.email, firstname: reader.firstname, userId: reader.userId },
    organization: { id: org.id, name: org.name, language: org.language },
    language,
    values: {
      factor: mailCatalogue(language)['second-factor-locked'].factors[factor],
      until: instantFor(until, zone, language, reader.use24Hour),
    },
    linkPath: SECURITY_PREFERENCES,
  });
}
