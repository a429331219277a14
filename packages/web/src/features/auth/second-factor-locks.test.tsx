import { fireEvent, screen } from '@testing-library/react';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeServer,
  json,
  PREFLIGHT,
  renderApp,
  signedInRoutes,
  user,
  type FakeRoutes,
} from '../../test-support/render-app';
import { lockEndText } from './second-factor-lock';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

vi.mock('@simplewebauthn/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof WebAuthnBrowser>();
  return { ...actual, ...webauthn, browserSupportsWebAuthn: () => true };
});

const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { authenticatorData: 'a', clientDataJSON: 'c', signature: 's', userHandle: 'u' },
  clientExtensionResults: {},
};
const REQUEST_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const STATE_ID = '5f0c8a43-2d43-4d6b-9d2f-5b2a6b0b7c11';
const LOCK_SECONDS = 3600;

/** The server's refusal of a locked second factor. */
const locked = () =>
  json({ statusCode: 429, message: 'locked', code: 5003 }, 429, {
    'retry-after': String(LOCK_SECONDS),
    'x-error-code': '5003',
  });
const totpNeeded = () => json({ statusCode: 401, error: 'Unauthorized', message: 'code required' }, 401);

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

/**
 * The alert's text, with the lock's end as the screen may show it: computed before and after the
 * answer, so a minute turning over in between does not matter.
 */
async function alertWithEnd(act: () => void): Promise<{ text: string; ends: string[] }> {
  const before = lockEndText(LOCK_SECONDS);
  act();
  const text = (await screen.findByRole('alert')).textContent ?? '';
  return { text, ends: [before, lockEndText(LOCK_SECONDS)] };
}

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
});

describe('a locked second factor on the sign-in page', { timeout: 15_000 }, () => {
  it('says until when authenticator codes are refused, and offers the recovery code', async () => {
    await reachPasswordStep({
      'POST /auth/login': (body) => ((body as { code?: string }).code ? locked() : totpNeeded()),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const { text, ends } = await alertWithEnd(() => void type(/^authentication code/i, '123456'));
    expect(
      ends.map(
        (end) =>
          `Too many wrong codes were entered for this account. Authenticator codes are refused until ${end}; you can use a recovery code instead.`,
      ),
    ).toContain(text);
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeTruthy();
  });

  it('says so for recovery codes', async () => {
    await reachPasswordStep({
      'POST /auth/login': (body) => ((body as { code?: string }).code ? locked() : totpNeeded()),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await type(/^recovery code/i, 'ABCD-EFGH-JKLM');
    const { text, ends } = await alertWithEnd(() =>
      fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' })),
    );
    expect(
      ends.map(
        (end) =>
          `Too many wrong recovery codes were entered for this account. Recovery codes are refused until ${end}.`,
      ),
    ).toContain(text);
  });

  it('says so for a passkey alone', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    await reachPasswordStep({
      'POST /auth/passkey/login/begin': () => json({ stateId: STATE_ID, challenge: { publicKey: REQUEST_OPTIONS } }),
      'POST /auth/passkey/login/finish': locked,
    });
    const { text, ends } = await alertWithEnd(() =>
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' })),
    );
    expect(
      ends.map((end) => `Too many passkey attempts failed for this account. Passkeys are refused until ${end}.`),
    ).toContain(text);
  });

  it('says so when the password sign-in is refused for a locked passkey and no other factor', async () => {
    await reachPasswordStep({ 'POST /auth/login': locked });
    const { text, ends } = await alertWithEnd(() => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(
      ends.map(
        (end) => `Too many attempts at the second sign-in step of this account failed. It is locked until ${end}.`,
      ),
    ).toContain(text);
  });
});

describe('the end of a lock', () => {
  it('is rounded up to the minute, with the weekday when it is not today', () => {
    expect(lockEndText(90, new Date(2030, 8, 2, 10, 0, 30), 'de')).toBe('10:02');
    expect(lockEndText(3600, new Date(2030, 8, 2, 23, 30), 'en-GB')).toBe('Tue 00:30');
  });
});
