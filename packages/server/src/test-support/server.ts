import type { AddressInfo } from 'node:net';
import { login, PerchClient } from '@perch/client';
import type { App } from '../app-context.js';
import type { AppDeps } from '../context.js';
import { buildApp, type BuildOptions } from '../app.js';
import { bootstrap } from '../bootstrap.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { createDeps } from '../deps.js';
import { startMailDelivery } from '../jobs/mail-delivery.js';
import { smtpSender } from '../messaging/mail/index.js';
import { resetDatabase, sharedTestDatabase } from './database.js';

export const ADMIN_EMAIL = 'admin@perch.test';
export const ADMIN_PASSWORD = 'Admin!pass1';
export const TEST_PASSWORD = 'Sec!ret-pw1';

export interface TestServer {
  url: string;
  app: App;
  deps: AppDeps;
  config: Config;
  /** The bootstrap organisation. */
  orgId: string;
  /** A client signed in as the bootstrap super admin. */
  admin: PerchClient;
  /** A new, signed-out client for this server. */
  client(): PerchClient;
  /** Signs in and returns a client holding the session. */
  signIn(email: string, password?: string, orgId?: string): Promise<PerchClient>;
  /** Creates a user through the API (as the super admin) and returns its id. */
  createUser(u: {
    email: string;
    role?: number;
    password?: string;
    organizationId?: string;
    firstname?: string;
    lastname?: string;
  }): Promise<string>;
  /** Empties the database and runs the first-start bootstrap again. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const testEnv: Record<string, string> = {
  INIT_ADMIN_EMAIL: ADMIN_EMAIL,
  INIT_ADMIN_PASSWORD: ADMIN_PASSWORD,
  INIT_ORG_NAME: 'Test Org',
  INIT_ORG_DOMAIN: 'test.perch.local',
  LOG_LEVEL: 'silent',
  JOBS_DISABLED: '1',
  LOGIN_PROTECTION_MAX_FAILS: '3',
  RATE_LIMIT: '100000',
  SAMPLE_DATA: '0',
  // argon2id over 1 MiB in one pass instead of the production 19 MiB in two keeps the thousands
  // of test sign-ins fast; password-hash.test.ts signs in at the production cost and checks the
  // upgrade between them.
  PASSWORD_HASH_MEMORY_KIB: '1024',
  PASSWORD_HASH_PASSES: '1',
  // The outside servers of the tests (OpenID provider, CalDAV, feeds) listen on 127.0.0.1; the
  // outbound policy's tests use 127.0.0.2 as the address it refuses.
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
};

/** Starts the real HTTP server on a free port, on this worker's test database (or `opts.database`). */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: {
    reset?: boolean;
    signIn?: boolean;
    logger?: BuildOptions['logger'];
    /** Another database than the worker's shared one (a test that changes what `reset` keeps). */
    database?: DatabaseHandle;
  } = {},
): Promise<TestServer> {
  const handle = opts.database ?? (await sharedTestDatabase());
  const config = loadConfig({ ...testEnv, ...env, PORT: '0' });
  const deps = await createDeps(config, handle);
  const app = await buildApp(deps, opts.logger ? { logger: opts.logger } : {});
  await app.listen({ port: 0, host: '127.0.0.1' });
  // With SMTP_HOST set, the server delivers its outbox as a real one does.
  const sender = smtpSender(config);
  const stopMail = sender ? startMailDelivery(deps.db, sender, config, app.log, app.metrics?.mail) : () => {};
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const server: TestServer = {
    url,
    app,
    deps,
    config,
    orgId: '',
    admin: new PerchClient({ baseUrl: url }),
    client: () => new PerchClient({ baseUrl: url }),
    async signIn(email, password = TEST_PASSWORD, orgId = server.orgId) {
      const c = new PerchClient({ baseUrl: url });
      await login(c, { email, password, organizationId: orgId });
      return c;
    },
    async createUser(u) {
      const res = await server.admin.post('/user/', {
        email: u.email,
        role: u.role ?? 0,
        firstname: u.firstname ?? 'Test',
        lastname: u.lastname ?? 'User',
        organizationId: u.organizationId,
      });
      const id = res.objectId as string;
      // Set the password directly so the user can sign in without the forced change.
      await server.admin.put(`/user/${id}/password`, { password: u.password ?? TEST_PASSWORD });
      await deps.db.updateTable('users').set({ password_update_required: false }).where('id', '=', id).execute();
      return id;
    },
    async reset() {
      await resetDatabase(handle);
      const boot = await bootstrap(deps.db, config);
      server.orgId = boot.created?.organizationId ?? '';
      server.admin = await server.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    },
    async close() {
      stopMail();
      await app.close();
    },
  };
  if (opts.reset === false) {
    const org = await deps.db.selectFrom('organizations').select('id').orderBy('signup_date').executeTakeFirst();
    server.orgId = org?.id ?? '';
    if (opts.signIn !== false) server.admin = await server.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  } else {
    await server.reset();
  }
  return server;
}
