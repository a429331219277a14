import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserMe } from '@perch/contract';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { describe, expect, it, vi } from 'vitest';
import { mustEnrolSecondFactor } from '../../app/session/second-factor-policy';
import {
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../test-support/render-app';

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof WebAuthnBrowser>();
  return { ...actual, browserSupportsWebAuthn: () => true };
});

const STATE_ID = '5f0c8a43-2d43-4d6b-9d2f-5b2a6b0b7c11';

describe('who must set up a second factor', () => {
  const admin = user({ role: 20 });
  it.each([
    ['nobody when it is off', user(), {}, false],
    ['everyone when it is 1', user(), { enforce_totp: '1' }, true],
    ['not a plain user when it is 2', user(), { enforce_totp: '2' }, false],
    ['space admins and up when it is 2', user({ role: 10 }), { enforce_totp: '2' }, true],
    ['not who has an authenticator app', user({ totpEnabled: true }), { enforce_totp: '1' }, false],
    ['not who has a passkey', { ...admin, hasPasskeys: true }, { enforce_totp: '2' }, false],
    ['not an account of a sign-in provider', user({ requirePassword: false }), { enforce_totp: '1' }, false],
  ] as [string, UserMe, Record<string, string>, boolean][])('%s', (_, who, settings, expected) => {
    expect(mustEnrolSecondFactor(who, settings)).toBe(expected);
  });
});

function enforcedServer(current: () => UserMe, routes: FakeRoutes = {}, level = '1') {
  return fakeServer({
    ...signedInRoutes(user(), { enforce_totp: level }),
    'GET /user/me': () => json(current()),
    ...routes,
  });
}

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('the enrolment screen', { timeout: 20_000 }, () => {
  it('stands in front of every page until an authenticator app is set up', async () => {
    let me = user();
    const server = enforcedServer(() => me, {
      'GET /user/totp/generate': () => json({ image: 'iVBORw0KGgo=', stateId: STATE_ID }),
      'POST /user/totp/validate': () => {
        me = user({ totpEnabled: true });
        return new Response(null, { status: 204 });
      },
      'POST /user/totp/recovery-codes': () => json({ codes: ['AAAA-BBBB-CCCC'] }),
    });
    storeSession();
    renderApp('/bookings', server);

    expect(await screen.findByRole('heading', { level: 1, name: 'Secure your account' })).toBeTruthy();
    expect(screen.getByText('Your organisation requires everyone to use a second sign-in step.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Authenticator app/ }));
    fireEvent.change(await screen.findByLabelText(/^code from the app/i), { target: { value: '123456' } });
    expect(await screen.findByText('AAAA-BBBB-CCCC')).toBeTruthy();
    // Still in front of the app while the recovery codes are shown.
    expect(screen.queryByRole('heading', { level: 1, name: 'My bookings' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
  });

  it('asks administrators only when the organisation requires it of them', async () => {
    storeSession();
    renderApp(
      '/bookings',
      enforcedServer(() => user({ role: 20 }), {}, '2'),
    );
    expect(
      await screen.findByText('Your organisation requires administrators to use a second sign-in step.'),
    ).toBeTruthy();
  });

  it('offers a passkey, and says where to add one when this is not the primary domain', async () => {
    storeSession();
    renderApp(
      '/search',
      enforcedServer(() => user({ isPrimaryDomain: false }), {
        'POST /auth/preflight': () =>
          json({
            organization: { id: 'o', name: 'Sample', firstname: '', lastname: '', email: '', language: 'en' },
            authProviders: [],
            requirePassword: true,
            disablePasswordLogin: false,
            domain: 'perch.example.com',
          }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Passkey/ }));
    expect(await screen.findByRole('link', { name: 'perch.example.com' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose another method' }));
    expect(screen.getByRole('group', { name: 'Choose one to continue:' })).toBeTruthy();
  });

  it('lets the person sign out instead', async () => {
    const server = enforcedServer(() => user());
    storeSession();
    renderApp('/search', server);
    const main = await screen.findByRole('main');
    fireEvent.click(within(main).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(server.calls.some((c) => c.path === '/auth/logout/current')).toBe(true));
  });
});
