import { notifications } from '@mantine/notifications';
import type { MailOutbox, OutboxMail } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../../test-support/render-app';

const orgAdmin = user({ id: 'me', email: 'oa@example.com', role: 20, admin: true, spaceAdmin: true });
const mail = (i: number, over: Partial<OutboxMail> = {}): OutboxMail => ({
  id: `m${i}`,
  kind: 'invitation',
  recipient: `person${i}@example.com`,
  subject: `Subject ${i}`,
  language: 'en',
  status: 'waiting',
  attempts: 0,
  createdAt: new Date(Date.UTC(2030, 8, 1, 6, 30) - i * 60_000).toISOString(),
  sentAt: null,
  nextAttemptAt: null,
  lastError: '',
  ...over,
});
const outbox = (over: Partial<MailOutbox> = {}): MailOutbox => ({
  deliveryConfigured: true,
  counts: { waiting: 0, sending: 0, sent: 0, failed: 0 },
  total: 0,
  items: [],
  ...over,
});

/** A server whose `GET /mail-outbox/` answers `answer(query)`; every query asked is kept. */
function serverWith(answer: (q: URLSearchParams) => Response, routes: FakeRoutes = {}) {
  const server = fakeServer({ ...signedInRoutes(orgAdmin), ...routes });
  const queries: URLSearchParams[] = [];
  const original = server.fetch;
  server.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/mail-outbox/') return original(input, init);
    queries.push(url.searchParams);
    return answer(url.searchParams);
  };
  return { server, queries };
}

afterEach(() => vi.restoreAllMocks());

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('mail outbox screen', { timeout: 20_000 }, () => {
  it('warns when delivery is not configured, counts the mails and lists them', async () => {
    storeSession();
    const items = [
      mail(0, { kind: 'password-reset', subject: 'Reset your password' }),
      mail(1, { status: 'sent', attempts: 1, sentAt: '2030-09-01T06:31:00Z' }),
      mail(2, { status: 'failed', attempts: 5, lastError: '550 mailbox unavailable', kind: 'booking-reminder' }),
    ];
    const { server } = serverWith(() =>
      json(
        outbox({
          deliveryConfigured: false,
          counts: { waiting: 3, sending: 0, sent: 1, failed: 1 },
          total: 3,
          items,
        }),
      ),
    );
    renderApp('/admin/mail', server);
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Mail delivery is not configured');
    expect(alert.textContent).toContain('3 mails are waiting. Set SMTP_HOST and MAIL_SENDER_ADDRESS on the server');

    const counts = screen.getByLabelText('Mails by status');
    expect(counts.textContent).toBe('Waiting3Sending0Sent1Failed1');

    const table = screen.getByRole('table', { name: 'Outgoing mails' });
    const waiting = within(table).getByRole('row', { name: /person0@example\.com/ });
    expect(waiting.textContent).toContain('Reset your password');
    expect(waiting.textContent).toContain('Password reset');
    expect(waiting.textContent).toContain('Waiting');
    expect(waiting.textContent).toContain('2030');
    expect(within(waiting).getByRole('button', { name: 'Try again: mail to person0@example.com' })).toBeTruthy();

    const sent = within(table).getByRole('row', { name: /person1@example\.com/ });
    expect(sent.textContent).toContain('Invitation');
    expect(sent.textContent).toMatch(/Sent .*2030/);
    expect(within(sent).queryByRole('button')).toBeNull();

    const failed = within(table).getByRole('row', { name: /person2@example\.com/ });
    expect(failed.textContent).toContain('booking-reminder');
    expect(failed.textContent).toContain('550 mailbox unavailable');
    expect(failed.textContent).toContain('Failed');
    expect(within(failed).getByRole('button', { name: /^Try again/ })).toBeTruthy();
    expect(screen.getByText('1–3 of 3 mails')).toBeTruthy();
  });

  it('tries a failed mail again and reloads the outbox', async () => {
    storeSession();
    const show = vi.spyOn(notifications, 'show');
    let retried = false;
    const { server, queries } = serverWith(
      () =>
        json(
          outbox({
            counts: { waiting: retried ? 1 : 0, sending: 0, sent: 0, failed: retried ? 0 : 1 },
            total: 1,
            items: [mail(1, { status: retried ? 'waiting' : 'failed', attempts: 5, lastError: 'timeout' })],
          }),
        ),
      {
        'POST /mail-outbox/m1/retry': () => {
          retried = true;
          return new Response(null, { status: 204 });
        },
      },
    );
    renderApp('/admin/mail', server);
    const table = await screen.findByRole('table', { name: 'Outgoing mails' }, { timeout: 8000 });
    expect(screen.queryByRole('alert')).toBeNull();
    const asked = queries.length;
    fireEvent.click(within(table).getByRole('button', { name: 'Try again: mail to person1@example.com' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(asked));
    expect(server.calls.some((c) => c.method === 'POST' && c.path === '/mail-outbox/m1/retry')).toBe(true);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'teal',
        message: 'The mail to person1@example.com will be sent again shortly.',
      }),
    );
    await waitFor(() => expect(within(table).getByRole('row', { name: /person1/ }).textContent).toContain('Waiting'));
  });

  it('says when trying again failed', async () => {
    storeSession();
    const show = vi.spyOn(notifications, 'show');
    const { server } = serverWith(
      () =>
        json(
          outbox({
            counts: { waiting: 0, sending: 0, sent: 0, failed: 1 },
            total: 1,
            items: [mail(1, { status: 'failed' })],
          }),
        ),
      { 'POST /mail-outbox/m1/retry': () => json({ message: 'already sent' }, 400) },
    );
    renderApp('/admin/mail', server);
    const table = await screen.findByRole('table', { name: 'Outgoing mails' }, { timeout: 8000 });
    fireEvent.click(within(table).getByRole('button', { name: /^Try again: mail to/ }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', title: 'The mail could not be sent again' }),
      ),
    );
  });

  it('filters by status and pages on the server', async () => {
    storeSession();
    const { server, queries } = serverWith((q) => {
      const offset = Number(q.get('offset'));
      const total = q.get('status') === 'failed' ? 0 : 60;
      const count = Math.max(0, Math.min(50, total - offset));
      return json(
        outbox({
          counts: { waiting: 0, sending: 0, sent: 60, failed: 0 },
          total,
          items: Array.from({ length: count }, (_, i) => mail(offset + i, { status: 'sent' })),
        }),
      );
    });
    renderApp('/admin/mail', server);
    expect(await screen.findByText('1–50 of 60 mails', undefined, { timeout: 8000 })).toBeTruthy();
    expect(queries[0]!.get('limit')).toBe('50');
    expect(queries[0]!.get('offset')).toBe('0');
    expect(queries[0]!.get('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–60 of 60 mails')).toBeTruthy();
    expect(queries.at(-1)!.get('offset')).toBe('50');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    expect(await screen.findByRole('heading', { name: 'No mails' })).toBeTruthy();
    expect(queries.at(-1)!.get('status')).toBe('failed');
    expect(queries.at(-1)!.get('offset')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Show all mails' }));
    expect(await screen.findByText('1–50 of 60 mails')).toBeTruthy();
  });

  it('is in the administration navigation of organisation admins', async () => {
    storeSession();
    const { server } = serverWith(() => json(outbox()));
    renderApp('/admin', server);
    const links = await screen.findAllByRole('link', { name: /^Mail/ }, { timeout: 8000 });
    expect(links.map((l) => l.getAttribute('href'))).toContain('/admin/mail');
  });

  it('shows space admins the no-access page', async () => {
    storeSession();
    renderApp('/admin/mail', fakeServer(signedInRoutes(user({ role: 10, spaceAdmin: true }))));
    expect(await screen.findByRole('heading', { name: "You don't have access" }, { timeout: 8000 })).toBeTruthy();
  });
});
