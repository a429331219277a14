import { Role } from '@perch/contract';
import { sql } from 'kysely';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { createSampleArea } from './organization/locations/index.js';
import { insertOrganization } from './organization/organizations/index.js';
import { insertDefaultPreferences, insertDefaultPreferencesForAll } from './identity/preferences/index.js';
import { insertDefaultSettingsForAll } from './organization/settings/index.js';
import { generatePassword, hashPassword } from './lib/password.js';

const BOOTSTRAP_LOCK = 7_240_002;

export interface BootstrapResult {
  /** Set on the very first start: the organisation and super admin that were created. */
  created?: { organizationId: string; adminEmail: string; generatedPassword?: string };
}

/**
 * First start on an empty database: the organisation with its domain (active, primary) and a
 * super admin, named from INIT_ADMIN_FIRSTNAME / INIT_ADMIN_LASTNAME ("Administrator" unless set),
 * who is also the organisation's contact person. Every start: missing default settings and preferences are filled in.
 * Serialised by an advisory lock so that servers starting together bootstrap once.
 */
export async function bootstrap(db: Db, config: Config): Promise<BootstrapResult> {
  const result = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    const any = await trx.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
    if (any) return {};
    const org = await insertOrganization(trx, {
      name: config.INIT_ORG_NAME,
      firstname: config.INIT_ADMIN_FIRSTNAME,
      lastname: config.INIT_ADMIN_LASTNAME,
      email: config.INIT_ADMIN_EMAIL,
      language: config.INIT_ORG_LANGUAGE,
    });
    await trx
      .insertInto('organization_domains')
      .values({ organization_id: org.id, domain: config.INIT_ORG_DOMAIN.toLowerCase(), active: true, is_primary: true })
      .execute();
    const generatedPassword = config.INIT_ADMIN_PASSWORD ? undefined : generatePassword();
    const admin = await trx
      .insertInto('users')
      .values({
        organization_id: org.id,
        email: config.INIT_ADMIN_EMAIL.toLowerCase(),
        firstname: config.INIT_ADMIN_FIRSTNAME,
        lastname: config.INIT_ADMIN_LASTNAME,
        role: Role.SuperAdmin,
        password_hash: await hashPassword(config.INIT_ADMIN_PASSWORD ?? (generatedPassword as string), config),
        auth_provider_id: null,
        atlassian_id: null,
        last_activity_at: null,
        totp_secret: null,
        api_token_hash: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertDefaultPreferences(trx, admin.id, true);
    if (config.SAMPLE_DATA) await createSampleArea(trx, org.id);
    return {
      created: {
        organizationId: org.id,
        adminEmail: config.INIT_ADMIN_EMAIL.toLowerCase(),
        ...(generatedPassword ? { generatedPassword } : {}),
      },
    };
  });
  await insertDefaultSettingsForAll(db);
  await insertDefaultPreferencesForAll(db);
  return result;
}
