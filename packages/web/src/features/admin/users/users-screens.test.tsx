import type { User } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';
import { GROUPS } from '../test-support/admin-fixtures';

const orgAdmin = user({ id: 'me', email: 'oa@example.com', role: 20, admin: true, spaceAdmin: true });
const person = (id: string, email: string, role = 0): User => ({
  ...user({ id, email, firstname: 'Grace', lastname: id.toUpperCase(), role }),
});
const created = (id: string) => new Response(null, { status: 201, headers: { 'x-object-id': id } });

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('users screen', { timeout: 15_000 }, () => {
  it('lists a page of people; the admin has no delete button for themselves and none at all for a super admin', async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /user/': () => json([person('su', 'boss@example.com', 90), orgAdmin, person('p1', 'p1@example.com')]),
      'GET /user/count': () => json({ count: 3 }),
    });
    renderApp('/admin/users', server);
    const me = await screen.findByRole('row', { name: /oa@example\.com/ }, { timeout: 5000 });
    expect(within(me).getByRole('link', { name: 'Edit Ada Lovelace' })).toBeTruthy();
    expect(within(me).queryByRole('button', { name: /^Delete/ })).toBeNull();
    const boss = screen.getByRole('row', { name: /boss@example\.com/ });
    expect(within(boss).queryByRole('link')).toBeNull();
    const other = screen.getByRole('row', { name: /p1@example\.com/ });
    expect(within(other).getByRole('button', { name: 'Delete Grace P1' })).toBeTruthy();
    expect(screen.getByText('1–3 of 3')).toBeTruthy();
    const list = server.calls.find((c) => c.path === '/user/');
    expect(list).toBeTruthy();
  });

  it('pages with limit and offset and searches on the server', async () => {
    storeSession();
    const seen: string[] = [];
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /user/count': () => json({ count: 40 }),
      'GET /user/': () =>
        json(Array.from({ length: 26 }, (_, i) => person(`u${i}`, `u${String(i).padStart(2, '0')}@x.io`))),
    });
    const original = server.fetch;
    server.fetch = (input, init) => {
      seen.push(new URL(input instanceof Request ? input.url : String(input)).search);
      return original(input, init);
    };
    renderApp('/admin/users', server);
    expect(await screen.findByText('1–25 of 40', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.some((s) => s.includes('offset=25') && s.includes('limit=26'))).toBe(true), {
      timeout: 3000,
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'grace' } });
    await waitFor(() => expect(seen.some((s) => s.includes('q=grace') && s.includes('offset=0'))).toBe(true), {
      timeout: 3000,
    });
  });

  it('says at the email field when the address is taken (409, code 3001), and adds groups to a new person', async () => {
    storeSession();
    let attempts = 0;
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /group/': () => json(GROUPS),
      'POST /user/': () =>
        ++attempts === 1 ? json({ message: 'exists' }, 409, { 'x-error-code': '3001' }) : created('new-id'),
      [`PUT /group/${GROUPS[1]!.id}/member`]: () => new Response(null, { status: 204 }),
      'GET /user/': () => json([]),
      'GET /user/count': () => json({ count: 1 }),
    });
    renderApp('/admin/users/new', server);
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Hopper' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), {
      target: { value: 'grace@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate a password' }));
    fireEvent.click(screen.getByRole('textbox', { name: 'Groups' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Engineering', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The username already exists.');
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), {
      target: { value: 'grace2@example.com' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: `/group/${GROUPS[1]!.id}/member`,
        body: ['new-id'],
      }),
    );
    const sent = server.calls.filter((c) => c.method === 'POST').at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ email: 'grace2@example.com', firstname: 'Grace', lastname: 'Hopper', role: 0 });
    expect(typeof sent.password).toBe('string');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
  });

  it('shows the password rule once: as help, or as the error in its place', async () => {
    storeSession();
    const server = fakeServer({ ...signedInRoutes(orgAdmin), 'GET /group/': () => json(GROUPS) });
    renderApp('/admin/users/new', server);
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Hopper' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), {
      target: { value: 'grace@example.com' },
    });
    expect(screen.getAllByText(/at least 8 characters/)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'weak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/at least 8 characters/);
    expect(screen.getAllByText(/at least 8 characters/)).toHaveLength(1);
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('locks the role of the admin’s own account and offers no roles above their own', async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /user/me': () => json(orgAdmin),
      [`GET /user/${orgAdmin.id}`]: () => json(orgAdmin),
      'GET /group/': () => json([]),
    });
    renderApp(`/admin/users/${orgAdmin.id}`, server);
    const role = await screen.findByRole('textbox', { name: 'Role' });
    expect((role as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('You cannot change your own role.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete user' })).toBeNull();
  });

  it('offers a new person every role up to organisation admin and the service accounts', async () => {
    storeSession();
    renderApp('/admin/users/new', fakeServer({ ...signedInRoutes(orgAdmin), 'GET /group/': () => json([]) }));
    fireEvent.click(await screen.findByRole('textbox', { name: 'Role' }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual([
      'User',
      'Space admin',
      'Organisation admin',
      'Service account (read-only)',
      'Service account (read and write)',
    ]);
  });

  it('shows space admins the no-access page', async () => {
    storeSession();
    renderApp('/admin/users', fakeServer(signedInRoutes(user({ role: 10, spaceAdmin: true }))));
    expect(await screen.findByRole('heading', { name: "You don't have access" })).toBeTruthy();
  });
});
