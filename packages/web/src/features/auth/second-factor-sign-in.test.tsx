import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CREDENTIALS,
  fakeServer,
  json,
  PREFLIGHT,
  renderApp,
  signedInRoutes,
  user,
  type FakeRoutes,
} from '../../test-support/render-app';

const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof WebAuthnBrowser>();
  return { ...actual, ...webauthn, browserSupportsWebAuthn: () => true };
});

const { WebAuthnError } = await import('@simplewebauthn/browser');

const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { authenticatorData: 'a', clientDataJSON: 'c', signature: 's', userHandle: 'u' },
  clientExtensionResults: {},
};
const REQUEST_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const STATE_ID = '5f0c8a43-2d43-4d6b-9d2f-5b2a6b0b7c11';

/** The closed prompt, as @simplewebauthn/browser reports it. */
function cancelled() {
  const cause = new Error('The operation either timed out or was not allowed.');
  cause.name = 'NotAllowedError';
  return new WebAuthnError({ message: cause.message, code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause });
}

const totpNeeded = () => json({ statusCode: 401, error: 'Unauthorized', message: 'code required' }, 401);
const passkeyNeeded = (allowTotpFallback: boolean, stateId = STATE_ID) =>
  json(
    {
      requirePasskey: true,
      stateId,
      passkeyChallenge: { publicKey: REQUEST_OPTIONS },
      allowTotpFallback,
    },
    401,
  );

async function type(label: string | RegExp, value: string): Promise<void> {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}

async function reachPasswordStep(routes: FakeRoutes) {
  const server = fakeServer({ 'POST /auth/preflight': () => json(PREFLIGHT), ...signedInRoutes(user()), ...routes });
  renderApp('/login', server);
  await type(/email address/i, 'ada@example.com');
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await type(/^password/i, 'Secret!pass1');
  return server;
}

async function signInWithPassword(routes: FakeRoutes) {
  const server = await reachPasswordStep(routes);
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return server;
}

const logins = (server: { calls: { path: string; body: unknown }[] }) =>
  server.calls.filter((c) => c.path === '/auth/login').map((c) => c.body);

const BASE = { email: 'ada@example.com', password: 'Secret!pass1', organizationId: PREFLIGHT.organization.id };

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
  webauthn.startRegistration.mockReset();
});

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('sign-in with an authenticator app', { timeout: 15_000 }, () => {
  it('asks for the code after the password and sends it as soon as six digits are in', async () => {
    const server = await signInWithPassword({
      'POST /auth/login': (body) => ((body as { code?: string }).code === '123456' ? json(CREDENTIALS) : totpNeeded()),
    });

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    const input = screen.getByLabelText(/^authentication code/i);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(sessionStorage.getItem('perch.accessToken')).toBeNull();

    fireEvent.change(input, { target: { value: '123 456' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(logins(server)).toEqual([BASE, { ...BASE, code: '123456' }]);
  });

  it('says when the code is wrong, empties the field and stays on the step', async () => {
    await signInWithPassword({
      'POST /auth/login': (body) =>
        (body as { code?: string }).code ? json({ message: 'wrong code' }, 400) : new Response(null, { status: 401 }),
    });
    await type(/^authentication code/i, '000000');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code did not work. Enter the current code from your app; each code works only once.',
    );
    expect((screen.getByLabelText(/^authentication code/i) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
  });

  it('tells how long to wait after too many attempts', async () => {
    await signInWithPassword({
      'POST /auth/login': (body) =>
        (body as { code?: string }).code ? json({ message: 'slow down' }, 429, { 'retry-after': '90' }) : totpNeeded(),
    });
    await type(/^authentication code/i, '111111');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed attempts. Try again in 2 minutes.');
  });

  it('checks that all six digits are there before sending', async () => {
    const server = await signInWithPassword({ 'POST /auth/login': totpNeeded });
    await type(/^authentication code/i, '12a3');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter all 6 digits.')).toBeTruthy();
    expect(logins(server)).toHaveLength(1);
  });

  it('takes a recovery code instead, and says when it did not work', async () => {
    let accept = false;
    const server = await signInWithPassword({
      'POST /auth/login': (body) => {
        const code = (body as { code?: string }).code;
        if (!code) return totpNeeded();
        return accept ? json(CREDENTIALS) : json({ message: 'wrong' }, 400);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await type(/^recovery code/i, 'ABCD-EFGH-JKLM');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That recovery code did not work. Check it for typos; each code works only once.',
    );

    accept = true;
    await type(/^recovery code/i, 'NPQR-STUV-WXYZ');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(logins(server).at(-1)).toEqual({ ...BASE, code: 'NPQR-STUV-WXYZ' });
  });

  it('goes back to the password', async () => {
    await signInWithPassword({ 'POST /auth/login': totpNeeded });
    await screen.findByRole('heading', { name: 'Two-step verification' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/^password/i)).toBeTruthy();
  });
});

describe('sign-in with a passkey as the second step', { timeout: 15_000 }, () => {
  it('opens the passkey prompt at once and signs in with the assertion', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const server = await signInWithPassword({
      'POST /auth/login': (body) =>
        (body as { passkeyStateId?: string }).passkeyStateId ? json(CREDENTIALS) : passkeyNeeded(false),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(logins(server)).toEqual([
      BASE,
      { ...BASE, passkeyStateId: STATE_ID, passkeyCredential: { ...ASSERTION, response: ASSERTION.response } },
    ]);
  });

  it('says when the prompt was closed, and tries again with a fresh challenge', async () => {
    webauthn.startAuthentication.mockRejectedValueOnce(cancelled()).mockResolvedValueOnce(ASSERTION);
    const fresh = '0b6c3f8e-8f1e-4d7e-a7c2-7f5b9d1e2a33';
    let challenges = 0;
    const server = await signInWithPassword({
      'POST /auth/login': (body) => {
        if ((body as { passkeyStateId?: string }).passkeyStateId) return json(CREDENTIALS);
        challenges += 1;
        return passkeyNeeded(false, challenges === 1 ? STATE_ID : fresh);
      },
    });
    expect(await screen.findByRole('heading', { name: 'Confirm with your passkey' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The passkey request was cancelled or timed out. Try again when you're ready.",
    );
    expect(screen.queryByRole('button', { name: 'Use authenticator code instead' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Use my passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect((logins(server).at(-1) as { passkeyStateId: string }).passkeyStateId).toBe(fresh);
  });

  it('says when the passkey was not accepted', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    await signInWithPassword({
      'POST /auth/login': (body) =>
        (body as { passkeyStateId?: string }).passkeyStateId ? json({ message: 'no' }, 404) : passkeyNeeded(false),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Signing in with a passkey failed. Please try again.');
  });

  it('offers the authenticator code when the account has both', async () => {
    webauthn.startAuthentication.mockRejectedValue(cancelled());
    const server = await signInWithPassword({
      'POST /auth/login': (body) => ((body as { code?: string }).code ? json(CREDENTIALS) : passkeyNeeded(true)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use authenticator code instead' }));
    await type(/^authentication code/i, '654321');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(logins(server).at(-1)).toEqual({ ...BASE, code: '654321' });
  });
});

describe('sign-in with a passkey alone', { timeout: 15_000 }, () => {
  it('signs in without the password through the passkey the browser offers', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const server = await reachPasswordStep({
      'POST /auth/passkey/login/begin': () => json({ stateId: STATE_ID, challenge: { publicKey: REQUEST_OPTIONS } }),
      'POST /auth/passkey/login/finish': () => json(CREDENTIALS),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/auth/passkey/login/begin')?.body).toEqual({
      organizationId: PREFLIGHT.organization.id,
    });
    expect(server.calls.find((c) => c.path === '/auth/passkey/login/finish')?.body).toEqual({
      stateId: STATE_ID,
      credential: ASSERTION,
    });
    expect(logins(server)).toEqual([]);
  });

  it('says when the passkey is unknown or the prompt was closed', async () => {
    webauthn.startAuthentication.mockResolvedValueOnce(ASSERTION).mockRejectedValueOnce(cancelled());
    await reachPasswordStep({
      'POST /auth/passkey/login/begin': () => json({ stateId: STATE_ID, challenge: { publicKey: REQUEST_OPTIONS } }),
      'POST /auth/passkey/login/finish': () => json({ message: 'unknown' }, 404),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Signing in with a passkey failed. Please try again.');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "The passkey request was cancelled or timed out. Try again when you're ready.",
      ),
    );
  });
});
