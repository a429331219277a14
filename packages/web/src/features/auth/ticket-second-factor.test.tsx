import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_STORAGE_KEY } from '../../app/embedded/embedded-mode';
import {
  CREDENTIALS,
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  user,
  type FakeRoutes,
  type FakeServer,
} from '../../test-support/render-app';
import { lockEndText } from './second-factor-lock';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof WebAuthnBrowser>();
  return { ...actual, ...webauthn, browserSupportsWebAuthn: () => true };
});

const { WebAuthnError } = await import('@simplewebauthn/browser');

/**
 * A provider's or the wiki's sign-in of an account with a second factor: the ticket's first
 * redemption asks for it (401, as `POST /auth/login` does), and the success page asks the person,
 * then sends it with the ticket (`POST /auth/verify/:id`).
 */

const TICKET = '9a6a2b5e-1a1f-4f43-9a51-0f3c8cbd0c11';
const VERIFY = `/auth/verify/${TICKET}`;
const STATE_ID = '5f0c8a43-2d43-4d6b-9d2f-5b2a6b0b7c11';
const REQUEST_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { authenticatorData: 'a', clientDataJSON: 'c', signature: 's', userHandle: 'u' },
  clientExtensionResults: {},
};
const LOCK_SECONDS = 3600;

const totpNeeded = () => json({ statusCode: 401, error: 'Unauthorized', message: 'code required' }, 401);
const passkeyNeeded = (allowTotpFallback: boolean) =>
  json(
    { requirePasskey: true, stateId: STATE_ID, passkeyChallenge: { publicKey: REQUEST_OPTIONS }, allowTotpFallback },
    401,
  );
const wrongCode = () => json({ statusCode: 400, message: 'Wrong code' }, 400);
const locked = () =>
  json({ statusCode: 429, message: 'locked' }, 429, { 'retry-after': String(LOCK_SECONDS), 'x-error-code': '5003' });

function cancelled() {
  const cause = new Error('The operation either timed out or was not allowed.');
  cause.name = 'NotAllowedError';
  return new WebAuthnError({ message: cause.message, code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause });
}

/** The success page of a ticket whose redemption asks for a second factor; `post` answers the factor. */
function openTicket(first: () => Response, post: (body: unknown) => Response, path = `/login/success/${TICKET}/`) {
  const routes: FakeRoutes = {
    [`GET ${VERIFY}`]: first,
    [`POST ${VERIFY}`]: post,
    ...signedInRoutes(user()),
  };
  const server = fakeServer(routes);
  renderApp(path, server);
  return server;
}

const posted = (server: FakeServer) => server.calls.filter((c) => c.method === 'POST' && c.path === VERIFY);
const redemptions = (server: FakeServer) => server.calls.filter((c) => c.method === 'GET' && c.path === VERIFY);

async function typeCode(value: string): Promise<void> {
  fireEvent.change(await screen.findByLabelText(/^authentication code/i), { target: { value } });
}

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
});

describe('a second factor after a provider’s sign-in', { timeout: 20_000 }, () => {
  it('asks for the authenticator code, says when it is wrong, and signs in with the right one', async () => {
    const server = openTicket(totpNeeded, (body) =>
      (body as { code: string }).code === '123456' ? json(CREDENTIALS) : wrongCode(),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    expect(redemptions(server)).toHaveLength(1);
    // Nothing was stored while the factor is missing.
    expect(sessionStorage.getItem('perch.accessToken')).toBeNull();

    await typeCode('000000');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code did not work. Enter the current code from your app; each code works only once.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    expect(sessionStorage.getItem('perch.accessToken')).toBeNull();

    await typeCode('123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(posted(server).map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
    expect(sessionStorage.getItem('perch.accessToken')).toBe('access-1');
  });

  it('goes on to redir after the code, and takes a recovery code instead', async () => {
    const server = openTicket(totpNeeded, () => json(CREDENTIALS), `/login/success/${TICKET}/?redir=%2Fbookings`);
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText(/^recovery code/i), { target: { value: '7KQ2-M9XD-4TRA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
    expect(posted(server).map((c) => c.body)).toEqual([{ code: '7KQ2-M9XD-4TRA' }]);
  });

  it('says until when authenticator codes are locked, and offers the recovery code', async () => {
    openTicket(totpNeeded, locked);
    await screen.findByRole('heading', { level: 1, name: 'Two-step verification' });
    const ends = [lockEndText(LOCK_SECONDS)];
    await typeCode('123456');
    const text = (await screen.findByRole('alert')).textContent;
    ends.push(lockEndText(LOCK_SECONDS));
    expect(
      ends.map(
        (end) =>
          `Too many wrong codes were entered for this account. Authenticator codes are refused until ${end}; you can use a recovery code instead.`,
      ),
    ).toContain(text);
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeTruthy();
  });

  it('tells how long to wait when the address is throttled', async () => {
    openTicket(totpNeeded, () => json({ message: 'slow down' }, 429, { 'retry-after': '120' }));
    await typeCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed attempts. Try again in 2 minutes.');
  });

  it('says when the sign-in ran out while the code was asked for, and leads back to the sign-in page', async () => {
    openTicket(totpNeeded, () => json({ message: 'Unknown or expired sign-in ticket' }, 404));
    await typeCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in has expired or was already used. Please sign in again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText(/email address/i)).toBeTruthy();
  });

  it('opens the passkey prompt at once and sends the assertion with the ticket', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const server = openTicket(
      () => passkeyNeeded(false),
      () => json(CREDENTIALS),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(posted(server)[0]?.body).toMatchObject({ passkeyStateId: STATE_ID, passkeyCredential: { id: 'cred-1' } });
  });

  it('says when the passkey prompt was closed, asks again with a fresh challenge, and falls back to the code', async () => {
    webauthn.startAuthentication.mockRejectedValueOnce(cancelled()).mockRejectedValueOnce(cancelled());
    const server = openTicket(
      () => passkeyNeeded(true),
      (body) => ((body as { code?: string }).code === '123456' ? json(CREDENTIALS) : wrongCode()),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/cancelled or timed out/);
    fireEvent.click(screen.getByRole('button', { name: 'Use my passkey' }));
    await waitFor(() => expect(redemptions(server)).toHaveLength(2));
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledTimes(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Use authenticator code instead' }));
    await typeCode('123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(posted(server).map((c) => c.body)).toEqual([{ code: '123456' }]);
  });

  it('says so on the page when the account’s only second factor is locked', async () => {
    openTicket(locked, () => json(CREDENTIALS));
    const text = (await screen.findByRole('alert')).textContent;
    expect(text).toMatch(/^Too many attempts at the second sign-in step of this account failed\. It is locked until/);
    expect(screen.getByRole('heading', { name: 'Sign-in failed' })).toBeTruthy();
  });
});

describe('a second factor after the wiki’s sign-in', { timeout: 20_000 }, () => {
  it('asks for the code in the compact layout, without Perch’s own sign-in, and says to reload the wiki', async () => {
    const server = openTicket(
      totpNeeded,
      () => json({ message: 'gone' }, 404),
      `/login/success/${TICKET}/?embedded=1&redir=%2Fbookings`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    expect(sessionStorage.getItem(EMBEDDED_STORAGE_KEY)).toBe('1');
    expect(screen.queryByRole('button', { name: 'Back to sign in' })).toBeNull();
    await typeCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in from the wiki has expired or was already used. Reload the wiki page to try again.',
    );
    expect(posted(server)).toHaveLength(1);
  });

  it('signs in inside the wiki with the right code', async () => {
    openTicket(totpNeeded, () => json(CREDENTIALS), `/login/success/${TICKET}/?embedded=1&redir=%2Fbookings`);
    await typeCode('123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
  });
});
