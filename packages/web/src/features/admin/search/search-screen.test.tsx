import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';

const orgAdmin = user({ role: 20, admin: true, spaceAdmin: true });
const grace = user({ id: 'u9', email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper' });
const RESULT = {
  users: [{ id: grace.id, email: grace.email, firstname: grace.firstname, lastname: grace.lastname }],
  locations: [],
  spaces: [{ id: 's1', name: 'Grace corner', location: { id: 'a1', name: 'Roof', description: '' } }],
  groups: [],
};

function searchServer() {
  return fakeServer({
    ...signedInRoutes(orgAdmin),
    'GET /search/': () => json(RESULT),
    'GET /user/u9': () => json(grace),
    'GET /group/': () => json([]),
    'GET /location/': () => json([]),
    'GET /stats/': () => json({ message: 'hidden' }, 404),
  });
}

describe('administration search', { timeout: 15_000 }, () => {
  it('suggests grouped results in the header and opens the chosen one with the keyboard', async () => {
    storeSession();
    const server = searchServer();
    renderApp('/admin', server);
    const box = await screen.findByRole('combobox', { name: 'Search the administration' }, { timeout: 5000 });
    fireEvent.change(box, { target: { value: 'grac' } });
    expect(await screen.findByRole('option', { name: /Grace Hopper/, hidden: true })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Grace corner/, hidden: true })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    const query = server.calls.find((c) => c.path === '/search/');
    expect(query).toBeTruthy();
  });

  it('opens the results page on Enter without a chosen suggestion', async () => {
    storeSession();
    renderApp('/admin', searchServer());
    const box = await screen.findByRole('combobox', { name: 'Search the administration' }, { timeout: 5000 });
    fireEvent.change(box, { target: { value: 'grac' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByRole('region', { name: /Spaces/ })).toBeTruthy();
  });
});
