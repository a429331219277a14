import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { inTransaction } from '../../db/transaction.js';
import { startTestServer, testEnv, type TestServer } from '../../test-support/server.js';
import { TestSmtpServer } from '../../test-support/smtp-server.js';
import { makeTestCertificates, type TestCertificates } from '../../test-support/tls-certificates.js';
import { deliverDueMails, smtpSender } from './delivery.js';
import { queueMail } from './outbox.js';

/**
 * How mail reaches the SMTP server: encrypted whenever the server offers STARTTLS, with its
 * certificate checked (a private CA through SMTP_TLS_CA), encryption required with
 * SMTP_START_TLS=1, and the SMTP password never sent in clear text unless
 * SMTP_ALLOW_PLAIN_AUTH=1. Real SMTP server processes, with a CA made for this run.
 */
let certs: TestCertificates;
let s: TestServer;
const servers: TestSmtpServer[] = [];
const AUTH = { user: 'perch', pass: 'smtp-secret-1' };

beforeAll(async () => {
  certs = makeTestCertificates();
  s = await startTestServer({});
});
afterAll(async () => {
  await s?.close();
  await Promise.all(servers.map((x) => x.stop()));
  certs?.remove();
});
beforeEach(() => s.reset());

async function smtpServer(opts: { tls?: boolean; auth?: boolean } = {}): Promise<TestSmtpServer> {
  const server = await TestSmtpServer.start({
    ...(opts.tls ? { tls: { keyFile: certs.keyFile, certFile: certs.certFile } } : {}),
    ...(opts.auth ? { auth: AUTH } : {}),
  });
  servers.push(server);
  return server;
}

const queue = (email: string) =>
  inTransaction(s.deps, (tx) =>
    queueMail(tx.db, s.config, {
      kind: 'password-reset',
      to: { email },
      organization: { id: s.orgId, name: 'Test Org', language: 'en' },
      linkPath: '/ui/x/',
    }),
  );
const rows = () => s.deps.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();

/** One delivery round with these settings (as the server would read them from its environment). */
async function deliver(smtp: TestSmtpServer, env: Record<string, string> = {}): Promise<number> {
  const config = loadConfig({ ...testEnv, ...smtp.env, ...env });
  const mailer = smtpSender(config)!;
  try {
    return await deliverDueMails(s.deps.db, mailer, config);
  } finally {
    mailer.close();
  }
}

describe('STARTTLS', () => {
  it('is used by default when the server offers it: the mail travels encrypted', async () => {
    const smtp = await smtpServer({ tls: true });
    await queue('a@x.test');
    expect(await deliver(smtp, { SMTP_TLS_CA: certs.caFile })).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.secure).toBe(true);
  });

  it('is not needed when the server does not offer it and no password is sent', async () => {
    const smtp = await smtpServer();
    await queue('b@x.test');
    expect(await deliver(smtp)).toBe(1);
    expect((await smtp.waitFor(1))[0]!.secure).toBe(false);
  });

  it('never falls back to clear text over a certificate it cannot trust; SMTP_TLS_CA names the one to trust', async () => {
    const smtp = await smtpServer({ tls: true });
    await queue('c@x.test');
    expect(await deliver(smtp)).toBe(0);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(row!.last_error).toMatch(/certificate/);
    expect(row!.last_error).toMatch(/SMTP_TLS_CA/);
    // Another CA does not help either.
    await s.deps.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await deliver(smtp, { SMTP_TLS_CA: certs.otherCaFile })).toBe(0);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'waiting', attempts: 2 });
    expect(row!.last_error).toMatch(/certificate/);
    expect(smtp.mails).toHaveLength(0);
    // The CA that signed the server's certificate: delivered, encrypted.
    await s.deps.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await deliver(smtp, { SMTP_TLS_CA: certs.caFile })).toBe(1);
    expect((await smtp.waitFor(1))[0]!.secure).toBe(true);
  });

  it('SMTP_START_TLS=1 keeps the mail waiting, with the reason, at a server without STARTTLS', async () => {
    const plain = await smtpServer();
    await queue('d@x.test');
    expect(await deliver(plain, { SMTP_START_TLS: '1' })).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(row!.last_error).toMatch(/offers no STARTTLS .*SMTP_START_TLS=1 requires an encrypted connection/);
    expect(plain.mails).toHaveLength(0);
    // Not lost: once the server speaks TLS the retry delivers it.
    const tls = await smtpServer({ tls: true });
    await s.deps.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await deliver(tls, { SMTP_START_TLS: '1', SMTP_TLS_CA: certs.caFile })).toBe(1);
    expect((await tls.waitFor(1))[0]!.secure).toBe(true);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the SMTP password', () => {
  const credentials = { SMTP_AUTH_USER: AUTH.user, SMTP_AUTH_PASS: AUTH.pass };

  it('goes only over an encrypted connection', async () => {
    const smtp = await smtpServer({ tls: true, auth: true });
    await queue('e@x.test');
    expect(await deliver(smtp, { ...credentials, SMTP_TLS_CA: certs.caFile })).toBe(1);
    expect((await smtp.waitFor(1))[0]).toMatchObject({ secure: true, user: AUTH.user });
    expect(smtp.authAttempts).toEqual([{ user: AUTH.user, secure: true }]);
  });

  it('is not sent to a server without STARTTLS: the mail waits and says why', async () => {
    const smtp = await smtpServer({ auth: true });
    await queue('f@x.test');
    expect(await deliver(smtp, credentials)).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(row!.last_error).toMatch(
      /offers no STARTTLS .*the SMTP password is not sent unencrypted \(SMTP_ALLOW_PLAIN_AUTH=1 allows it\)/,
    );
    expect(smtp.authAttempts).toEqual([]);
    expect(smtp.mails).toHaveLength(0);
  });

  it('is sent in clear text only with SMTP_ALLOW_PLAIN_AUTH=1', async () => {
    const smtp = await smtpServer({ auth: true });
    await queue('g@x.test');
    expect(await deliver(smtp, { ...credentials, SMTP_ALLOW_PLAIN_AUTH: '1' })).toBe(1);
    expect((await smtp.waitFor(1))[0]).toMatchObject({ secure: false, user: AUTH.user });
    expect(smtp.authAttempts).toEqual([{ user: AUTH.user, secure: false }]);
  });
});
