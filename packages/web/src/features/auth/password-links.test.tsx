import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS,
  fakeServer,
  json,
  ORG,
  PREFLIGHT,
  renderApp,
  signedInRoutes,
  user,
} from '../../test-support/render-app';

const noContent = () => new Response(null, { status: 204 });
const LINK = { email: 'ada@example.com', organizationId: ORG.id };

async function type(label: string | RegExp, value: string): Promise<void> {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}

async function choosePassword(password: string, repeat = password): Promise<void> {
  await type(/^new password/i, password);
  await type(/^repeat new password/i, repeat);
  fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
}

const NEUTRAL = 'If an account exists for ada@example.com, we have sent a link to choose a new password.';

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('forgotten password', { timeout: 15_000 }, () => {
  it('links from the password step to the request page with the address and organisation', async () => {
    const server = fakeServer({
      'POST /auth/preflight': () => json(PREFLIGHT),
      'POST /auth/initpwreset': noContent,
    });
    renderApp('/login', server);
    await type(/email address/i, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    fireEvent.click(link);

    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /email address/i }) as HTMLInputElement).value).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('status')).textContent).toBe(NEUTRAL);
    // The organisation came along from the sign-in screen: no second look-up.
    expect(server.calls.filter((c) => c.path === '/auth/preflight')).toHaveLength(1);
    expect(server.calls.find((c) => c.path === '/auth/initpwreset')?.body).toEqual({
      organizationId: ORG.id,
      email: 'ada@example.com',
    });
  });

  it('finds the organisation from the address when the page was opened on its own', async () => {
    const server = fakeServer({
      'POST /auth/preflight': () => json(PREFLIGHT),
      'POST /auth/initpwreset': noContent,
    });
    renderApp('/resetpw', server);
    await type(/email address/i, 'not-an-address');
    fireEvent.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    expect(server.calls).toEqual([]);

    await type(/email address/i, ' ada@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('status')).textContent).toBe(NEUTRAL);
    expect(server.calls.map((c) => c.path)).toEqual(['/auth/preflight', '/auth/initpwreset']);
    expect(server.calls[1]!.body).toEqual({ organizationId: ORG.id, email: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/login?email=ada%40example.com',
    );
  });

  it('says how long to wait when throttled, and a general message when the request failed', async () => {
    let answer = () => json({ message: 'slow down' }, 429, { 'retry-after': '90' });
    const server = fakeServer({
      'POST /auth/preflight': () => json(PREFLIGHT),
      'POST /auth/initpwreset': () => answer(),
    });
    renderApp(`/resetpw/?email=ada%40example.com&org=${ORG.id}`, server);
    fireEvent.click(await screen.findByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many links were requested. Try again in 2 minutes.',
    );

    answer = () => json({ message: 'boom' }, 500);
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe("That didn't work! Please try again later."),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('password reset link', { timeout: 15_000 }, () => {
  it('names the account, checks the password rule, saves it and signs the person in', async () => {
    const server = fakeServer({
      'GET /auth/pwreset/link-1': () => json(LINK),
      'POST /auth/pwreset/link-1': noContent,
      'POST /auth/login': () => json(CREDENTIALS),
      ...signedInRoutes(user()),
    });
    renderApp('/resetpw/link-1/', server);
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByText(/^Choose a new password for ada@example\.com\./)).toBeTruthy();

    await choosePassword('weakpass');
    expect(await screen.findAllByText(/at least 8 characters/)).not.toHaveLength(0);
    await choosePassword('Better!pass2', 'Better!pass3');
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    await choosePassword('Better!pass2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/auth/pwreset/link-1' && c.method === 'POST')?.body).toEqual({
      password: 'Better!pass2',
    });
    expect(server.calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'Better!pass2',
      organizationId: ORG.id,
    });
    expect(sessionStorage.getItem('perch.accessToken')).toBe('access-1');
  });

  it('explains an unknown, expired or used link and leads to a new one', async () => {
    renderApp('/resetpw/gone', fakeServer({ 'GET /auth/pwreset/gone': () => json({ message: 'nope' }, 404) }));
    expect(await screen.findByRole('heading', { name: 'This link can no longer be used' })).toBeTruthy();
    expect(screen.getByText(/expire after an hour/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/resetpw/');
    expect(screen.queryByLabelText(/^new password/i)).toBeNull();
  });

  it('turns to the explanation when the link stops working before the password is saved', async () => {
    const server = fakeServer({
      'GET /auth/pwreset/link-2': () => json(LINK),
      'POST /auth/pwreset/link-2': () => json({ message: 'gone' }, 404),
    });
    renderApp('/resetpw/link-2', server);
    await choosePassword('Better!pass2');
    expect(await screen.findByRole('heading', { name: 'This link can no longer be used' })).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/auth/login')).toBe(false);
  });

  it('says the password was saved when signing in afterwards fails', async () => {
    const server = fakeServer({
      'GET /auth/pwreset/link-3': () => json(LINK),
      'POST /auth/pwreset/link-3': noContent,
      'POST /auth/login': () => json({ message: 'slow down' }, 429),
    });
    renderApp('/resetpw/link-3', server);
    await choosePassword('Better!pass2');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Your new password was saved/);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?email=ada%40example.com');
  });
});

describe('invitation link', { timeout: 15_000 }, () => {
  it('lets the invited person choose a password and signs them in', async () => {
    const server = fakeServer({
      'GET /auth/invitation/inv-1': () => json(LINK),
      'POST /auth/setpw/inv-1': noContent,
      'POST /auth/login': () => json(CREDENTIALS),
      ...signedInRoutes(user()),
    });
    renderApp('/setpw/inv-1/', server);
    expect(await screen.findByRole('heading', { name: 'Welcome! Choose your password' })).toBeTruthy();
    expect(screen.getByText(/sign in with as ada@example\.com\./)).toBeTruthy();
    await choosePassword('Better!pass2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/auth/setpw/inv-1' && c.method === 'POST')?.body).toEqual({
      password: 'Better!pass2',
    });
    expect(server.calls.find((c) => c.path === '/auth/login')?.body).toMatchObject({ email: 'ada@example.com' });
  });

  it('sends someone who has a password already to the sign-in screen (410)', async () => {
    renderApp('/setpw/inv-2', fakeServer({ 'GET /auth/invitation/inv-2': () => json({ message: 'gone' }, 410) }));
    expect(await screen.findByRole('heading', { name: 'You have already chosen a password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/resetpw/');
  });

  it('explains an expired invitation and mails a new link (404)', async () => {
    const server = fakeServer({
      'GET /auth/invitation/inv-3': () => json({ message: 'nope' }, 404),
      'POST /auth/preflight': () => json(PREFLIGHT),
      'POST /auth/initpwreset': noContent,
    });
    renderApp('/setpw/inv-3', server);
    expect(await screen.findByText('This invitation link has expired or has already been used.')).toBeTruthy();
    await type(/email address/i, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByRole('status')).textContent).toBe(NEUTRAL);
    expect(server.calls.find((c) => c.path === '/auth/initpwreset')?.body).toEqual({
      organizationId: ORG.id,
      email: 'ada@example.com',
    });
  });
});
