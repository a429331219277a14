import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../test-support/render-app';
import { area, ATTRIBUTES, GROUPS } from './test-support/admin-fixtures';

const orgAdmin = user({ role: 20, admin: true, spaceAdmin: true });
const spaceAdmin = user({ role: 10, spaceAdmin: true });
const created = (id: string) => new Response(null, { status: 201, headers: { 'x-object-id': id } });

describe('areas list', () => {
  it('offers organisation admins the sample floor when there are no areas', async () => {
    storeSession();
    let areas: unknown[] = [];
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /location/': () => json(areas),
      'POST /location/loadsampledata': () => {
        areas = [area({ name: 'Sample Floor' })];
        return new Response(null, { status: 200 });
      },
    });
    renderApp('/admin/areas', server);
    expect(await screen.findByRole('heading', { name: 'No areas yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load sample data' }));
    expect(await screen.findByRole('link', { name: 'Sample Floor' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('does not offer sample data to space admins, who may not load it', async () => {
    storeSession();
    renderApp('/admin/areas', fakeServer({ ...signedInRoutes(spaceAdmin), 'GET /location/': () => json([]) }));
    expect(await screen.findByRole('heading', { name: 'No areas yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load sample data' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New area' })).toBeTruthy();
  });

  it('filters by the search box and asks before deleting', async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /location/': () =>
        json([area({ id: 'a1', name: 'Roof' }), area({ id: 'a2', name: 'Basement', enabled: false })]),
      'DELETE /location/a2': () => new Response(null, { status: 204 }),
    });
    renderApp('/admin/areas', server);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search areas' }), { target: { value: 'base' } });
    expect(screen.queryByRole('link', { name: 'Roof' })).toBeNull();
    const row = screen.getByRole('row', { name: /Basement/ });
    expect(within(row).getByText('Disabled')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Basement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Basement?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/location/a2')).toBe(true),
    );
  });
});

describe('groups', () => {
  it('says so in place when the group name is taken (409, code 4001)', async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(orgAdmin),
      'GET /group/': () => json(GROUPS),
      'POST /group/': () => json({ message: 'exists' }, 409, { 'x-error-code': '4001' }),
    });
    renderApp('/admin/groups', server);
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Group name/ }), { target: { value: 'Facilities' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The group name already exists.');
  });

  it('checks the name length before asking the server', async () => {
    storeSession();
    const server = fakeServer({ ...signedInRoutes(orgAdmin), 'GET /group/': () => json([]) });
    renderApp('/admin/groups', server);
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Group name/ }), { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name needs at least 3 characters.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('space attributes', () => {
  it('creates an attribute from the dialog', async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(spaceAdmin),
      'GET /space-attribute/': () => json(ATTRIBUTES),
      'POST /space-attribute/': () => created('a-new'),
    });
    renderApp('/admin/attributes', server);
    expect(await screen.findByRole('row', { name: /Standing desk/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'New attribute' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Docking station' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Yes / no' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Areas' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toBeDefined());
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      label: 'Docking station',
      type: 2,
      spaceApplicable: true,
      locationApplicable: true,
    });
  });
});
