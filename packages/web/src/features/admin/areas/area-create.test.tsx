import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';
import { area, ATTRIBUTES, GROUPS } from '../test-support/admin-fixtures';

const spaceAdmin = user({ role: 10, spaceAdmin: true });
const created = (id: string) => new Response(null, { status: 201, headers: { 'x-object-id': id } });
const done = () => new Response(null, { status: 204 });
const PLAN = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="10" height="10"/></svg>';

/** The texts of the live messages in the details tab. */
const alerts = () =>
  within(screen.getByRole('tabpanel', { name: 'Details' }))
    .getAllByRole('alert')
    .map((a) => a.textContent);

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs some address.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

function newAreaServer(routes: Record<string, (body: unknown) => Response>, settings: Record<string, string> = {}) {
  return fakeServer({
    ...signedInRoutes(spaceAdmin, settings),
    'GET /space-attribute/': () => json(ATTRIBUTES),
    'GET /group/': () => json(GROUPS),
    'GET /setting/timezones': () => json(['Europe/Berlin']),
    'GET /location/': () => json([]),
    ...routes,
  });
}

async function fillNewArea(container: HTMLElement, file: File) {
  fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Roof terrace' } });
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
  expect(await screen.findByText(/plan\.svg .* will be uploaded when you save/)).toBeTruthy();
}

describe('creating an area with a floor plan', () => {
  it('removes the new area again when the server refuses the plan, and says why', async () => {
    storeSession();
    const server = newAreaServer({
      'POST /location/': () => created('n1'),
      'POST /location/n1/map': () => json({ message: 'The floor plan is not a well-formed SVG file' }, 400),
      'DELETE /location/n1': done,
    });
    const { container } = renderApp('/admin/areas/new', server);
    await fillNewArea(container, new File([PLAN], 'plan.svg', { type: 'image/svg+xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create area' }));

    await waitFor(() =>
      expect(alerts()).toContain('The server did not accept this image: The floor plan is not a well-formed SVG file'),
    );
    expect(server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /location/',
      'POST /location/n1/map',
      'DELETE /location/n1',
    ]);
    // Nobody could book the area while it existed; the form keeps what was typed.
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/location/')?.body).toMatchObject({
      name: 'Roof terrace',
      enabled: false,
    });
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Roof terrace');
    expect(screen.queryByText(/plan\.svg .* will be uploaded/)).toBeNull();
  });

  it('switches the area on only once its plan is stored', async () => {
    storeSession();
    const server = newAreaServer({
      'POST /location/': () => created('n2'),
      'POST /location/n2/map': done,
      'PUT /location/n2': done,
      'GET /location/n2': () => json(area({ id: 'n2', name: 'Roof terrace' })),
    });
    const { container } = renderApp('/admin/areas/new', server);
    await fillNewArea(container, new File([PLAN], 'plan.svg', { type: 'image/svg+xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create area' }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST /location/',
        'POST /location/n2/map',
        'PUT /location/n2',
      ]),
    );
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Roof terrace', enabled: true });
  });

  it('refuses a file that is no image before anything is saved', async () => {
    storeSession();
    const server = newAreaServer({});
    const { container } = renderApp('/admin/areas/new', server);
    await screen.findByRole('textbox', { name: /^Name/ });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'plan.png', { type: 'image/png' })] } });
    await waitFor(() => expect(alerts()).toContain('This file is not a PNG, JPEG, GIF, WebP or SVG image.'));
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe("a new area's check-in policy", () => {
  it("names the organisation's values, refuses one out of range and saves the rest as null", async () => {
    storeSession();
    const server = newAreaServer({ 'POST /location/': () => created('n3') }, { checkin_grace_minutes: '45' });
    renderApp('/admin/areas/new', server);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Roof terrace' } });
    const grace = screen.getByRole('textbox', { name: /^Grace period/ }) as HTMLInputElement;
    expect(grace.placeholder).toBe("Organisation's: 45");
    expect((screen.getByRole('textbox', { name: 'Release missed bookings' }) as HTMLInputElement).value).toBe(
      "Organisation's: Yes",
    );
    fireEvent.change(grace, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create area' }));
    expect(await screen.findByText('Enter a whole number from 1 to 720.')).toBeTruthy();
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);

    fireEvent.change(grace, { target: { value: '20' } });
    expect(screen.queryByText('Enter a whole number from 1 to 720.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create area' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/location/')?.body).toMatchObject({
      checkinMode: null,
      checkinOpensMinutes: null,
      checkinGraceMinutes: 20,
      checkinReleaseTime: null,
      checkinRelease: null,
      checkinExemptLong: null,
    });
  });
});
