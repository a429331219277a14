import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
      [`GET /location/${AREA_ID}/space/checkin-tokens`]: () =>
        json(spaces.map((s) => ({ spaceId: s.id, token: `token-of-${s.id}` }))),
    });
    renderApp(`/admin/areas/${AREA_ID}/spaces`, server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spaces and QR codes' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Code for the whole area',
        'Desk 1',
        'Desk 2',
        'desk 3',
        'Desk 10',
      ]),
    );
    expect(screen.getByText('4 spaces')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    const link = screen.getByRole('link', { name: new RegExp(`sid=${space(2).id}&t=`) });
    expect(link.getAttribute('href')).toBe(
      `${window.location.origin}/ui/search?lid=${AREA_ID}&sid=${space(2).id}&t=token-of-${space(2).id}`,
    );
    const code = screen.getByRole('img', { name: 'QR code to book Desk 2 in Third floor' });
    expect(code.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('button', { name: 'Print the QR code of Desk 10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the QR code of desk 3' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Third floor' }).getAttribute('href')).toBe(`/admin/areas/${AREA_ID}`);
  });

  it('gives a space a new code after asking, and prints the new one', async () => {
    storeSession();
    const spaces = [space(2)];
    let token = 'first';
    const server = fakeServer({
      ...signedInRoutes(spaceAdmin),
      [`GET /location/${AREA_ID}`]: () => json(area()),
      [`GET /location/${AREA_ID}/space/`]: () => json(spaces),
      [`GET /location/${AREA_ID}/space/checkin-tokens`]: () => json([{ spaceId: space(2).id, token }]),
      [`POST /location/${AREA_ID}/space/${space(2).id}/checkin-token`]: () => {
        token = 'second';
        return json({ token });
      },
    });
    renderApp(`/admin/areas/${AREA_ID}/spaces`, server);
    expect(await screen.findByRole('link', { name: /&t=first$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New code for Desk 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the code of Desk 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New code' }));
    expect(await screen.findByRole('link', { name: /&t=second$/ })).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("offers the area's own code, for its entrance, and prints it alone", async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(spaceAdmin),
      [`GET /location/${AREA_ID}`]: () => json(area()),
      [`GET /location/${AREA_ID}/space/`]: () => json([space(2)]),
      [`GET /location/${AREA_ID}/space/checkin-tokens`]: () => json([{ spaceId: space(2).id, token: 'tok' }]),
    });
    const printed: string[][] = [];
    window.print = () =>
      printed.push([...document.querySelectorAll('[data-print-card] img')].map((img) => img.getAttribute('alt') ?? ''));
    renderApp(`/admin/areas/${AREA_ID}/spaces`, server);
    const card = await screen.findByRole('region', { name: 'Code for the whole area' });
    expect(within(card).getByRole('link').getAttribute('href')).toBe(
      `${window.location.origin}/ui/search?lid=${AREA_ID}&now=1`,
    );
    expect(within(card).getByRole('img', { name: 'QR code showing what is free in Third floor now' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Print the area code' }));
    await waitFor(() => expect(printed).toEqual([['QR code showing what is free in Third floor now']]));
    window.dispatchEvent(new Event('afterprint'));
    fireEvent.click(screen.getByRole('button', { name: 'Print all QR codes' }));
    await waitFor(() =>
      expect(printed[1]).toEqual([
        'QR code showing what is free in Third floor now',
        'QR code to book Desk 2 in Third floor',
      ]),
    );
  });

  it('says when the codes could not be loaded, and offers to try again', async () => {
    storeSession();
    const server = fakeServer({
      ...signedInRoutes(spaceAdmin),
      [`GET /location/${AREA_ID}`]: () => json(area()),
      [`GET /location/${AREA_ID}/space/`]: () => json([space(2)]),
      [`GET /location/${AREA_ID}/space/checkin-tokens`]: () => json({ message: 'down' }, 500),
    });
    renderApp(`/admin/areas/${AREA_ID}/spaces`, server);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^QR code/ })).toBeNull();
  });
});
