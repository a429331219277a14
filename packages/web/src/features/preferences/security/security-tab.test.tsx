import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserMe } from '@perch/contract';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeServer,
  json,
  PREFLIGHT,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../../test-support/render-app';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof WebAuthnBrowser>();
  return { ...actual, ...webauthn, browserSupportsWebAuthn: () => true };
});

const noContent = () => new Response(null, { status: 204 });
const STATE_ID = '5f0c8a43-2d43-4d6b-9d2f-5b2a6b0b7c11';
const CODES = ['7KQ2-M9XD-4TRA', 'P3LW-8NZC-Q6HE', 'B5RT-2YKM-9DVA'];
const ATTESTATION = {
  id: 'new-cred',
  rawId: 'new-cred',
  type: 'public-key',
  response: { attestationObject: 'o', clientDataJSON: 'c', transports: ['internal'] },
  clientExtensionResults: {},
};

/** A signed-in server whose `/user/me` follows `current()`, with the second-factor routes given. */
function securityServer(current: () => UserMe, routes: FakeRoutes, settings: Record<string, string> = {}) {
  const base = signedInRoutes(user(), settings);
  return fakeServer({
    ...base,
    'GET /user/me': () => json(current()),
    'GET /preference/': () =>
      json([
        { name: 'date_format', value: 'd.m.Y' },
        { name: 'use_24_hour_time', value: '1' },
        { name: 'timezone', value: 'Europe/Berlin' },
      ]),
    'GET /user/session': () => json([]),
    'GET /user/passkey/': () => json([]),
    ...routes,
  });
}

function openSecurityTab(server: ReturnType<typeof fakeServer>) {
  storeSession();
  renderApp('/preferences?tab=security', server);
}

const calls = (server: ReturnType<typeof fakeServer>, method: string, path: string) =>
  server.calls.filter((c) => c.method === method && c.path === path);

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
  webauthn.startRegistration.mockReset();
});

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('security tab: authenticator app', { timeout: 20_000 }, () => {
  it('sets up the app: QR code, the key on request, a first code, then the recovery codes once', async () => {
    let me = user();
    const server = securityServer(() => me, {
      'GET /user/totp/generate': () => json({ image: 'iVBORw0KGgo=', stateId: STATE_ID }),
      [`GET /user/totp/${STATE_ID}/secret`]: () => json({ secret: 'JBSWY3DPEHPK3PXP' }),
      'POST /user/totp/validate': (body) => {
        if ((body as { code: string }).code !== '123456') return json({ message: 'wrong' }, 400);
        me = user({ totpEnabled: true });
        return noContent();
      },
      'POST /user/totp/recovery-codes': () => json({ codes: CODES }),
      'GET /user/totp/recovery-codes': () => json({ remaining: CODES.length }),
    });
    openSecurityTab(server);

    const section = await screen.findByRole('region', { name: 'Authenticator app' });
    expect(within(section).getByText('Off')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Set up authenticator app' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: "Can't scan? Show the key" }));
    expect(await within(dialog).findByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^code from the app/i), { target: { value: '000000' } });
    expect(
      await within(dialog).findByText(
        "That code is not correct. Check that your phone's clock is right and enter the current code.",
      ),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^code from the app/i), { target: { value: '123456' } });
    const codes = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls(server, 'POST', '/user/totp/validate').at(-1)?.body).toEqual({ stateId: STATE_ID, code: '123456' });
    expect(within(dialog).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('3 recovery codes left')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Authenticator app' })).getByText('On')).toBeTruthy();
  });

  it('offers to start again when the setup expired', async () => {
    let generated = 0;
    const server = securityServer(() => user(), {
      'GET /user/totp/generate': () => {
        generated += 1;
        return json({ image: 'iVBORw0KGgo=', stateId: STATE_ID });
      },
      'POST /user/totp/validate': () => json({ message: 'gone' }, 404),
    });
    openSecurityTab(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    fireEvent.change(await within(dialog).findByLabelText(/^code from the app/i), { target: { value: '123456' } });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This setup has expired. Start again to get a new QR code.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(generated).toBe(2));
    expect(await within(dialog).findByLabelText(/^code from the app/i)).toBeTruthy();
  });

  it('shows the recovery codes left, makes new ones, and explains when turning off is refused', async () => {
    const server = securityServer(() => user({ totpEnabled: true }), {
      'GET /user/totp/recovery-codes': () => json({ remaining: 1 }),
      'POST /user/totp/recovery-codes': () => json({ codes: CODES }),
      'POST /user/totp/disable': () => json({ message: 'required' }, 403),
    });
    openSecurityTab(server);
    expect(await screen.findByText('1 recovery code left')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'New recovery codes' }));
    const shown = await screen.findByRole('dialog', { name: 'New recovery codes' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(CODES.length);
    fireEvent.click(within(shown).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const off = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
    fireEvent.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText(
        'Your organisation requires a second sign-in step for your account, so the authenticator app cannot be turned off.',
      ),
    ).toBeTruthy();
  });

  it('does not offer turning off when the organisation requires a second factor', async () => {
    const server = securityServer(
      () => user({ totpEnabled: true, role: 20 }),
      { 'GET /user/totp/recovery-codes': () => json({ remaining: 8 }) },
      { enforce_totp: '2' },
    );
    openSecurityTab(server);
    expect(await screen.findByText('8 recovery codes left')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByText(/requires a second sign-in step for your account/)).toBeTruthy();
  });

  it('shows nothing of second factors to an account of a sign-in provider', async () => {
    openSecurityTab(securityServer(() => user({ requirePassword: false }), {}));
    expect(await screen.findByRole('heading', { name: 'Where you are signed in' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Authenticator app' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Passkeys' })).toBeNull();
  });
});

describe('security tab: passkeys', { timeout: 20_000 }, () => {
  const LAPTOP = {
    id: 'pk1',
    name: 'Work laptop',
    createdAt: '2030-09-01T08:30:00Z',
    lastUsedAt: '2030-09-02T16:05:00Z',
  };
  const PHONE = { id: 'pk2', name: 'Phone', createdAt: '2030-09-03T07:00:00Z', lastUsedAt: null };

  it('lists passkeys with their dates in the user’s format and zone, and renames one', async () => {
    const server = securityServer(() => user({ hasPasskeys: true }), {
      'GET /user/passkey/': () => json([LAPTOP, PHONE]),
      'PUT /user/passkey/pk2': noContent,
    });
    openSecurityTab(server);
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/[\u2068\u2069]/g, ''))).toEqual([
      'Work laptopAdded 01.09.2030, 10:30 · last used 02.09.2030, 18:05',
      'PhoneAdded 03.09.2030, 09:00 · never used',
    ]);

    fireEvent.click(within(section).getByRole('button', { name: 'Rename passkey Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    fireEvent.change(within(dialog).getByLabelText(/^name/i), { target: { value: 'My <phone>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name cannot contain < > & " or \'.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^name/i), { target: { value: ' Pixel ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(server, 'PUT', '/user/passkey/pk2')[0]?.body).toEqual({ name: 'Pixel' });
  });

  it('explains when the last passkey may not be removed', async () => {
    const server = securityServer(() => user({ hasPasskeys: true }), {
      'GET /user/passkey/': () => json([LAPTOP]),
      'DELETE /user/passkey/pk1': () => json({ message: 'required' }, 403),
    });
    openSecurityTab(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey?' });
    expect(within(dialog).getByText(/You can no longer sign in with “Work laptop”/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(
        'Your organisation requires a second sign-in step for your account. Set up an authenticator app or add another passkey before removing this one.',
      ),
    ).toBeTruthy();
  });

  it('adds a passkey under the name given', async () => {
    webauthn.startRegistration.mockResolvedValue(ATTESTATION);
    let list: unknown[] = [];
    const server = securityServer(() => user({ hasPasskeys: list.length > 0 }), {
      'GET /user/passkey/': () => json(list),
      'POST /user/passkey/registration/begin': () =>
        json({ stateId: STATE_ID, challenge: { publicKey: { challenge: 'abc', rp: { id: 'localhost' } } } }),
      'POST /user/passkey/registration/finish': () => {
        list = [{ ...PHONE, name: 'Security key' }];
        return json({ id: 'pk2', name: 'Security key', createdAt: PHONE.createdAt });
      },
    });
    openSecurityTab(server);
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));
    expect(await within(dialog).findByText('Please enter a name for this passkey.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^name/i), { target: { value: 'Security key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Security key')).toBeTruthy();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rp: { id: 'localhost' } },
    });
    expect(calls(server, 'POST', '/user/passkey/registration/finish')[0]?.body).toEqual({
      stateId: STATE_ID,
      name: 'Security key',
      credential: ATTESTATION,
    });
  });

  it('says when the prompt was closed while adding', async () => {
    const cause = new Error('closed');
    cause.name = 'NotAllowedError';
    webauthn.startRegistration.mockRejectedValue(cause);
    const server = securityServer(() => user(), {
      'POST /user/passkey/registration/begin': () => json({ stateId: STATE_ID, challenge: { publicKey: {} } }),
    });
    openSecurityTab(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    fireEvent.change(within(dialog).getByLabelText(/^name/i), { target: { value: 'Laptop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "The passkey request was cancelled or timed out. Try again when you're ready.",
    );
    expect(calls(server, 'POST', '/user/passkey/registration/finish')).toHaveLength(0);
  });

  it('sends the user to the primary domain to add a passkey elsewhere', async () => {
    const server = securityServer(() => user({ isPrimaryDomain: false }), {
      'POST /auth/preflight': () => json({ ...PREFLIGHT, domain: 'perch.example.com' }),
    });
    openSecurityTab(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const link = await within(dialog).findByRole('link', { name: 'perch.example.com' });
    expect(link.getAttribute('href')).toMatch(/^http:\/\/perch\.example\.com(:\d+)?\//);
    expect(within(dialog).queryByRole('button', { name: 'Create passkey' })).toBeNull();
    expect(calls(server, 'POST', '/auth/preflight')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('says when the passkeys could not be loaded, and loads them again', async () => {
    let fail = true;
    openSecurityTab(
      securityServer(() => user(), {
        'GET /user/passkey/': () => (fail ? json({ message: 'down' }, 503) : json([LAPTOP])),
      }),
    );
    expect(await screen.findByText(/Your passkeys could not be loaded/, undefined, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Work laptop')).toBeTruthy();
  });
});
