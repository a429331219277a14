import { notifications } from '@mantine/notifications';
import type { MailOutbox, User } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';

const orgAdmin = user({ id: 'me', email: 'oa@example.com', role: 20, admin: true, spaceAdmin: true });
const person = (id: string, over: Partial<User> = {}): User => ({
  ...user({ id, email: `${id}@example.com`, firstname: 'Grace', lastname: 'Hopper' }),
  ...over,
});
const invited = person('p1', { passwordPending: true, requirePassword: false });
const outbox = (deliveryConfigured: boolean): MailOutbox => ({
  deliveryConfigured,
  counts: { waiting: deliveryConfigured ? 0 : 2, sending: 0, sent: 0, failed: 0 },
  total: 0,
  items: [],
});
const noContent = () => new Response(null, { status: 204 });
const created = (id: string) => new Response(null, { status: 201, headers: { 'x-object-id': id } });

afterEach(() => vi.restoreAllMocks());

async function fillNewPerson(): Promise<void> {
  fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: 'Grace' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Hopper' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), {
    target: { value: 'grace@example.com' },
  });
}

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('user invitations', { timeout: 15_000 }, () => {
  it('creates a person with an invitation instead of a password, warning that mail waits', async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /group/': () => json([]),
      'GET /mail-outbox/': () => json(outbox(false)),
      'POST /user/': () => created('new-id'),
      'GET /user/': () => json([]),
      'GET /user/count': () => json({ count: 1 }),
    });
    renderApp('/admin/users/new', server);
    await fillNewPerson();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.queryByText(/Mail delivery is not configured yet/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Send an invitation' }));
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(
      await screen.findByText(
        'Mail delivery is not configured yet: the invitation will wait in the outbox until an administrator configures it.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path === '/user/')).toBe(true));
    const sent = server.calls.find((c) => c.method === 'POST' && c.path === '/user/')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ email: 'grace@example.com', sendInvitation: true });
    expect(sent).not.toHaveProperty('password');
  });

  it('gives no warning when mail is delivered, and no invitation to service accounts', async () => {
    storeSession();
    renderApp(
      '/admin/users/new',
      fakeServer({
        ...signedInRoutes(orgAdmin),
        'GET /group/': () => json([]),
        'GET /mail-outbox/': () => json(outbox(true)),
      }),
    );
    await fillNewPerson();
    fireEvent.click(screen.getByRole('radio', { name: 'Send an invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Send an invitation' })).toHaveProperty('checked', true),
    );
    expect(screen.queryByText(/Mail delivery is not configured yet/)).toBeNull();

    fireEvent.click(screen.getByRole('textbox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Service account (read-only)', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Send an invitation' })).toBeNull());
    expect((screen.getByRole('radio', { name: 'Set a password' }) as HTMLInputElement).checked).toBe(true);
  });

  it('marks invited people in the list', async () => {
    storeSession();
    renderApp(
      '/admin/users',
      fakeServer({
        ...signedInRoutes(orgAdmin),
        'GET /user/': () => json([orgAdmin, invited, person('p2')]),
        'GET /user/count': () => json({ count: 3 }),
      }),
    );
    const row = await screen.findByRole('row', { name: /p1@example\.com/ }, { timeout: 5000 });
    expect(within(row).getByText('Invited')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /p2@example\.com/ })).queryByText('Invited')).toBeNull();
  });

  it('resends the invitation of a person who has not chosen a password yet', async () => {
    storeSession();
    const show = vi.spyOn(notifications, 'show');
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /user/p1': () => json(invited),
      'GET /group/': () => json([]),
      'GET /mail-outbox/': () => json(outbox(true)),
      'POST /user/p1/invitation': noContent,
    });
    renderApp('/admin/users/p1', server);
    expect(await screen.findByText('An invitation is waiting: the person has not chosen a password yet.')).toBeTruthy();
    expect(screen.queryByText(/^Mail delivery is not configured yet/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'teal',
          message: 'A new invitation was sent to p1@example.com. Earlier invitation links no longer work.',
        }),
      ),
    );
    expect(server.calls.filter((c) => c.path === '/user/p1/invitation').map((c) => c.method)).toEqual(['POST']);
  });

  it('says when the invitation waits for mail delivery, and when resending failed', async () => {
    storeSession();
    const show = vi.spyOn(notifications, 'show');
    let answer = noContent;
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /user/p1': () => json(invited),
      'GET /group/': () => json([]),
      'GET /mail-outbox/': () => json(outbox(false)),
      'POST /user/p1/invitation': () => answer(),
    });
    renderApp('/admin/users/p1', server);
    // The pending invitation waits too, and the form says so.
    expect(await screen.findByText(/^Mail delivery is not configured yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'yellow',
          message: 'The invitation to p1@example.com waits in the outbox until mail delivery is configured.',
        }),
      ),
    );
    answer = () => json({ message: 'has a password' }, 400);
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', title: 'The invitation was not sent' }),
      ),
    );
  });

  it('offers no resend for people with a password or service accounts', async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /user/p2': () => json(person('p2')),
      'GET /user/bot': () => json(person('bot', { role: 21, requirePassword: false })),
      'GET /group/': () => json([]),
    });
    const view = renderApp('/admin/users/p2', server);
    expect(await screen.findByRole('button', { name: 'Delete user' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
    view.unmount();

    renderApp('/admin/users/bot', server);
    expect(await screen.findByRole('button', { name: 'Delete user' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Send an invitation' })).toBeNull();
  });
});
