import type { MailOutbox } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.js';
import { workerDatabaseUrl } from '../../test-support/database.js';
import { statusOf } from '../../test-support/http.js';
import { spawnServer, type ServerProcess } from '../../test-support/process.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { TestSmtpServer } from '../../test-support/smtp-server.js';
import { nextAttemptAt } from '../../lib/background-queue.js';
import { deliverDueMails, smtpSender } from './delivery.js';
import { queueMail } from './outbox.js';

/**
 * The outbox against a real SMTP server process: a mail exists exactly when its change
 * committed, arrives once, survives a mail server outage and is sent once by several servers.
 */
let smtp: TestSmtpServer;
let s: TestServer;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  // This server does not deliver by itself: the tests run delivery rounds explicitly.
  s = await startTestServer({});
});
afterAll(async () => {
  await s.close();
  await smtp.stop();
});
beforeEach(async () => {
  await s.reset();
  smtp.mails.length = 0;
});

const org = () => ({ id: s.orgId, name: 'Test Org', language: 'en' });
const queue = (email: string) =>
  inTransaction(s.deps, (tx) =>
    queueMail(tx.db, s.config, { kind: 'password-reset', to: { email }, organization: org(), linkPath: '/ui/x/' }),
  );
const rows = () => s.deps.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();
const sender = () => smtpSender({ ...s.config, SMTP_HOST: '127.0.0.1', SMTP_PORT: smtp.port })!;

describe('the outbox', () => {
  it('holds a mail exactly when the transaction that wrote it commits', async () => {
    await expect(
      inTransaction(s.deps, async (tx) => {
        await queueMail(tx.db, s.config, { kind: 'invitation', to: { email: 'a@x.test' }, organization: org() });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toHaveLength(0);
    await queue('b@x.test');
    expect((await rows()).map((r) => [r.recipient, r.status])).toEqual([['b@x.test', 'waiting']]);
  });

  it('keeps mails waiting while delivery is not configured, and says so to admins', async () => {
    await queue('c@x.test');
    const box = await s.admin.get<MailOutbox>('/mail-outbox/');
    expect(box.deliveryConfigured).toBe(false);
    expect(box.counts).toEqual({ waiting: 1, sending: 0, sent: 0, failed: 0 });
    expect(box.items[0]).toMatchObject({ recipient: 'c@x.test', status: 'waiting', attempts: 0, sentAt: null });
    expect((await s.admin.get<MailOutbox>('/mail-outbox/', { status: 'sent' })).items).toEqual([]);
    expect(await statusOf(s.admin.get('/mail-outbox/', { status: 'lost' }))).toBe(400);
  });

  it('delivers each mail once, with a stable Message-ID, and records it as sent', async () => {
    await queue('d@x.test');
    await queue('e@x.test');
    const mailer = sender();
    expect(await deliverDueMails(s.deps.db, mailer, s.config)).toBe(2);
    expect(await deliverDueMails(s.deps.db, mailer, s.config)).toBe(0);
    mailer.close();
    const got = await smtp.waitFor(2);
    expect(got.map((m) => m.to[0]).sort()).toEqual(['d@x.test', 'e@x.test']);
    const ids = (await rows()).map((r) => `<${r.id}@perch.mail>`).sort();
    expect(got.map((m) => m.parsed.messageId).sort()).toEqual(ids);
    expect((await rows()).every((r) => r.status === 'sent' && r.sent_at !== null && r.attempts === 1)).toBe(true);
  });

  it('survives a mail server outage: waits with the error, then delivers everything once', async () => {
    for (let i = 0; i < 5; i++) await queue(`f${i}@x.test`);
    await smtp.stop();
    const mailer = sender();
    expect(await deliverDueMails(s.deps.db, mailer, s.config)).toBe(0);
    let after = await rows();
    expect(after.every((r) => r.status === 'waiting' && r.attempts === 1)).toBe(true);
    expect(after[0]!.last_error).toMatch(/ECONNREFUSED/);
    expect(after[0]!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
    const box = await s.admin.get<MailOutbox>('/mail-outbox/');
    expect(box.items[0]!.lastError).toMatch(/ECONNREFUSED/);
    expect(box.items[0]!.nextAttemptAt).not.toBeNull();
    // Not due yet: nothing is tried before the pause is over.
    expect(await deliverDueMails(s.deps.db, mailer, s.config)).toBe(0);
    expect((await rows()).every((r) => r.attempts === 1)).toBe(true);

    await smtp.start();
    // The pause passes (an hour of outage is far inside MAIL_RETRY_HOURS).
    await s.deps.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await deliverDueMails(s.deps.db, mailer, s.config)).toBe(5);
    mailer.close();
    await smtp.waitFor(5);
    expect(smtp.mails).toHaveLength(5);
    after = await rows();
    expect(after.every((r) => r.status === 'sent' && r.attempts === 2 && r.last_error === '')).toBe(true);
  });

  it('fails at once for a recipient the mail server refuses, and an admin can try again', async () => {
    await queue('reject-me@x.test');
    const mailer = sender();
    await deliverDueMails(s.deps.db, mailer, s.config);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toMatch(/550/);
    expect((await s.admin.post(`/mail-outbox/${row!.id}/retry`)).status).toBe(204);
    expect((await rows())[0]!.status).toBe('waiting');
    await s.deps.db.updateTable('mail_outbox').set({ recipient: 'fixed@x.test' }).execute();
    expect(await deliverDueMails(s.deps.db, mailer, s.config)).toBe(1);
    mailer.close();
    expect(await statusOf(s.admin.post(`/mail-outbox/${row!.id}/retry`))).toBe(400);
    expect(await statusOf(s.admin.post('/mail-outbox/00000000-0000-4000-8000-000000000000/retry'))).toBe(404);
  });

  it('takes over the claim of a process that died while sending', async () => {
    await queue('g@x.test');
    await s.deps.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', attempts: 1, locked_until: new Date(Date.now() + 60_000) })
      .execute();
    const mailer = sender();
    expect(await deliverDueMails(s.deps.db, mailer, s.config)).toBe(0);
    await s.deps.db
      .updateTable('mail_outbox')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .execute();
    expect(await deliverDueMails(s.deps.db, mailer, s.config)).toBe(1);
    mailer.close();
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up on a mail it could not deliver for MAIL_RETRY_HOURS', () => {
    const created = new Date('2030-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
    expect(nextAttemptAt(created, 1, 72, at(0))).toEqual(at(0.5));
    expect(nextAttemptAt(created, 3, 72, at(10))).toEqual(at(12));
    expect(nextAttemptAt(created, 20, 72, at(60))).toEqual(at(90));
    expect(nextAttemptAt(created, 50, 72, at(72 * 60))).toBeNull();
  });
});

describe('two servers on one database', () => {
  let servers: { url: string; stop(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((x) => x.stop()));
  });

  it('deliver every mail exactly once between them', async () => {
    const env = { ...smtp.env, MAIL_POLL_SECONDS: '0.1', RATE_LIMIT: '100000' };
    if (process.env.DATABASE_URL) {
      const dbUrl = await workerDatabaseUrl(process.env.DATABASE_URL, 'perch_mail');
      const procs: ServerProcess[] = await Promise.all([
        spawnServer({ ...env, DATABASE_URL: dbUrl }),
        spawnServer({ ...env, DATABASE_URL: dbUrl }),
      ]);
      servers = procs;
    } else {
      const a = await startTestServer(env, { reset: false });
      const b = await startTestServer(env, { reset: false });
      servers = [
        { url: a.url, stop: () => a.close() },
        { url: b.url, stop: () => b.close() },
      ];
    }
    // 40 invitations, half through each server; both deliver the outbox at the same time.
    const { login, PerchClient } = await import('@perch/client');
    const admins = await Promise.all(
      servers.map(async (x) => {
        const c = new PerchClient({ baseUrl: x.url });
        const pre = (await (await fetch(`${x.url}/auth/singleorg`)).json()) as { organization: { id: string } };
        await login(c, { email: 'admin@perch.test', password: 'Admin!pass1', organizationId: pre.organization.id });
        return c;
      }),
    );
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        admins[i % 2]!.post('/user/', { email: `inv${i}@x.test`, role: 0, sendInvitation: true }),
      ),
    );
    const got = await smtp.waitFor(40, { timeoutMs: 30_000 });
    // A little longer: a doubled mail would arrive now.
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.mails).toHaveLength(40);
    expect(new Set(got.map((m) => m.to[0])).size).toBe(40);
    expect(new Set(got.map((m) => m.parsed.messageId)).size).toBe(40);
  });
});
