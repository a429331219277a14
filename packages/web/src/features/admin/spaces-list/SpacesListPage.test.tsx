import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';
import { area, AREA_ID, space } from '../test-support/admin-fixtures';

const spaceAdmin = user({ role: 10, spaceAdmin: true });

describe('spaces and QR codes of an area', () => {
  it('lists the spaces in natural order, each with its booking link and a named QR code', async () => {
    storeSession();
    const spaces = [space(10), space(2), space(1, { name: 'Desk 1', enabled: false }), space(3, { name: 'desk 3' })];
    const server = fakeServer({
      ...signedInRoutes(spaceAdmin),
      [`GET /location/${AREA_ID}`]: () => json(area()),
      [`GET /location/${AREA_ID}/space/`]: () => json(spaces),
    });
    renderApp(`/admin/areas/${AREA_ID}/spaces`, server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spaces and QR codes' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Desk 1',
        'Desk 2',
        'desk 3',
        'Desk 10',
      ]),
    );
    expect(screen.getByText('4 spaces')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    const link = screen.getByRole('link', { name: new RegExp(`sid=${space(2).id}$`) });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/ui/search?lid=${AREA_ID}&sid=${space(2).id}`);
    const code = screen.getByRole('img', { name: 'QR code to book Desk 2 in Third floor' });
    expect(code.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('button', { name: 'Print the QR code of Desk 10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the QR code of desk 3' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Third floor' }).getAttribute('href')).toBe(`/admin/areas/${AREA_ID}`);
  });
});
