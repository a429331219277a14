import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS,
  fakeServer,
  json,
  PREFLIGHT,
  renderApp,
  signedInRoutes,
  user,
} from '../../test-support/render-app';

async function type(label: string | RegExp, value: string): Promise<void> {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}

async function submitEmail(address = 'ada@example.com'): Promise<void> {
  await type(/email address/i, address);
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('sign-in', () => {
  it('asks for the email first, then the password, then shows the booking page', async () => {
    const server = fakeServer({
      'POST /auth/preflight': () => json(PREFLIGHT),
      'POST /auth/login': () => json(CREDENTIALS),
      ...signedInRoutes(user()),
    });
    renderApp('/login', server);
    await submitEmail();

    expect(await screen.findByRole('heading', { name: 'Sign in to Sample Company' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    await type(/^password/i, 'Secret!pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret!pass1',
      organizationId: PREFLIGHT.organization.id,
    });
    expect(sessionStorage.getItem('perch.accessToken')).toBe('access-1');
    expect(localStorage.getItem('perch.refreshToken')).toBe('refresh-1');
  });

  it('checks the email address before asking the server', async () => {
    const server = fakeServer({});
    renderApp('/login', server);
    await submitEmail('not-an-email');
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('says when no organisation matches the email', async () => {
    renderApp('/login', fakeServer({ 'POST /auth/preflight': () => json({ message: 'nope' }, 404) }));
    await submitEmail();
    expect((await screen.findByRole('alert')).textContent).toBe('No organisation was found for this email address.');
  });

  it('stays on the password step with a message when the password is wrong', async () => {
    renderApp(
      '/login',
      fakeServer({
        'POST /auth/preflight': () => json(PREFLIGHT),
        'POST /auth/login': () => json({ message: 'wrong' }, 400),
      }),
    );
    await submitEmail();
    await type(/^password/i, 'wrong-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in failed. Check your email address and password.',
    );
    expect(screen.getByRole('heading', { name: 'Sign in to Sample Company' })).toBeTruthy();
  });

  it('tells how many minutes to wait when sign-in is throttled', async () => {
    renderApp(
      '/login',
      fakeServer({
        'POST /auth/preflight': () => json(PREFLIGHT),
        'POST /auth/login': () => json({ message: 'slow down' }, 429, { 'retry-after': '299' }),
      }),
    );
    await submitEmail();
    await type(/^password/i, 'whatever1');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed attempts. Try again in 5 minutes.');
  });

  it('shows the generic message when the server cannot be reached', async () => {
    const server = fakeServer({});
    server.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    renderApp('/login', server);
    await submitEmail();
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown error, please try again later.');
  });

  it('asks for a new password when the server demands one, and checks its strength', async () => {
    const server = fakeServer({
      'POST /auth/preflight': () => json(PREFLIGHT),
      'POST /auth/login': () => json({ message: 'change it' }, 401, { 'x-error-code': '5001' }),
      'POST /auth/updatepw': () => json(CREDENTIALS),
      ...signedInRoutes(user()),
    });
    renderApp('/login', server);
    await submitEmail();
    await type(/^password/i, 'Initial!pw1');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    await type(/^new password/i, 'weak');
    await type(/^repeat new password/i, 'weak');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    // The rule shows once: as the error, in place of the help text.
    expect(await screen.findAllByText(/at least 8 characters/)).toHaveLength(1);
    expect(server.calls.some((c) => c.path === '/auth/updatepw')).toBe(false);

    // The current password meets the rule, but it is not a new one.
    await type(/^new password/i, 'Initial!pw1');
    await type(/^repeat new password/i, 'Initial!pw1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Choose a password different from your current one.')).toBeTruthy();
    expect(screen.getAllByText(/at least 8 characters/)).toHaveLength(1);
    expect(server.calls.some((c) => c.path === '/auth/updatepw')).toBe(false);

    await type(/^new password/i, 'Better!pass2');
    await type(/^repeat new password/i, 'Better!pass2');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a space' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/auth/updatepw')?.body).toEqual({
      email: 'ada@example.com',
      password: 'Initial!pw1',
      newPassword: 'Better!pass2',
      organizationId: PREFLIGHT.organization.id,
    });
  });

  it('offers the organisation sign-in providers and, when allowed, the password', async () => {
    renderApp(
      '/login?redir=%2Fbookings',
      fakeServer({
        'POST /auth/preflight': () => json({ ...PREFLIGHT, authProviders: [{ id: 'p1', name: 'Acme SSO' }] }),
      }),
    );
    await submitEmail();
    const provider = await screen.findByRole('link', { name: 'Sign in with Acme SSO' });
    expect(provider.getAttribute('href')).toBe('/auth/p1/login/ui/?redir=%2Fbookings');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with email and password' }));
    expect(await screen.findByLabelText(/^password/i)).toBeTruthy();
  });

  it('returns to the page the user wanted after signing in', async () => {
    renderApp(
      '/login?redir=%2Fbookings',
      fakeServer({
        'POST /auth/preflight': () => json(PREFLIGHT),
        'POST /auth/login': () => json(CREDENTIALS),
        ...signedInRoutes(user()),
      }),
    );
    await submitEmail();
    await type(/^password/i, 'Secret!pass1');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy());
  });
});
