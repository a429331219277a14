import type { AuthProvider, ProviderTestResult } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../../test-support/render-app';

const orgAdmin = user({ id: 'me', email: 'oa@example.com', role: 20, admin: true, spaceAdmin: true });
const noContent = () => new Response(null, { status: 204 });
const created = (id: string) => new Response(null, { status: 201, headers: { 'x-object-id': id } });

function provider(over: Partial<AuthProvider> = {}): AuthProvider {
  const id = over.id ?? 'p1';
  return {
    id,
    organizationId: 'org',
    readOnly: false,
    name: 'Acme SSO',
    providerType: 1,
    authUrl: 'https://idp.example.com/authorize',
    tokenUrl: 'https://idp.example.com/token',
    authStyle: 0,
    scopes: 'openid,email,profile',
    userInfoUrl: 'https://idp.example.com/userinfo',
    userInfoEmailField: 'email',
    userInfoFirstnameField: 'given_name',
    userInfoLastnameField: 'family_name',
    clientId: 'perch',
    clientSecret: '',
    logoutUrl: '',
    profilePageUrl: '',
    issuer: 'https://idp.example.com',
    idpCertificate: '',
    redirectUri: `https://perch.example.com/auth/${id}/callback`,
    samlMetadataUrl: '',
    checksSecondFactor: false,
    ...over,
  };
}

function admin(routes: FakeRoutes, settings: Record<string, string> = { allow_any_user: '1' }) {
  storeSession();
  return fakeServer({ ...signedInRoutes(orgAdmin, settings), ...routes });
}

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
const type = (name: string | RegExp, value: string) => fireEvent.change(textbox(name), { target: { value } });

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('sign-in providers list', { timeout: 20_000 }, () => {
  it('lists the providers with their type and switches account creation on first sign-in', async () => {
    const settings = { allow_any_user: '1' };
    const server = admin(
      {
        'GET /auth-provider/': () =>
          json([
            provider(),
            provider({ id: 'p2', name: 'Legacy OAuth', issuer: '' }),
            provider({ id: 'p3', name: 'Campus SAML', providerType: 2, issuer: 'urn:campus' }),
          ]),
        'PUT /setting/': (body) => {
          for (const { name, value } of body as { name: 'allow_any_user'; value: string }[]) settings[name] = value;
          return noContent();
        },
      },
      settings,
    );
    renderApp('/admin/auth-providers', server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in providers' })).toBeTruthy();
    const acme = await screen.findByRole('row', { name: /Acme SSO/ });
    expect(within(acme).getAllByText('OpenID Connect').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('row', { name: /Legacy OAuth/ })).getAllByText('OAuth 2').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('row', { name: /Campus SAML/ })).getAllByText('SAML 2.0').length).toBeGreaterThan(0);
    expect(within(acme).getByRole('link', { name: 'Edit Acme SSO' }).getAttribute('href')).toBe(
      '/admin/auth-providers/p1',
    );

    const allowAny = screen.getByRole('switch', { name: /Create accounts on first sign-in/ }) as HTMLInputElement;
    expect(allowAny.checked).toBe(true);
    fireEvent.click(allowAny);
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT' && c.path === '/setting/')?.body).toEqual([
        { name: 'allow_any_user', value: '0' },
      ]),
    );
    await waitFor(() => expect(allowAny.checked).toBe(false));
  });

  it('invites to add the first provider when there is none', async () => {
    renderApp('/admin/auth-providers', admin({ 'GET /auth-provider/': () => json([]) }));
    expect(await screen.findByRole('heading', { name: 'No sign-in providers yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add provider' }).getAttribute('href')).toBe('/admin/auth-providers/add');
  });

  it('explains that a provider people sign in with cannot be deleted (400)', async () => {
    const server = admin({
      'GET /auth-provider/': () => json([provider()]),
      'DELETE /auth-provider/p1': () => json({ message: 'users are bound' }, 400),
    });
    renderApp('/admin/auth-providers', server);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Acme SSO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme SSO?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Acme SSO cannot be deleted while people sign in with it\. Give them another sign-in method first/,
    );
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/auth-provider/p1')).toBe(true);
  });

  it('shows a failed list with a way to try again', async () => {
    renderApp('/admin/auth-providers', admin({ 'GET /auth-provider/': () => json({ message: 'boom' }, 500) }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('a sign-in provider', { timeout: 20_000 }, () => {
  it('adds an OpenID provider from the Google template, then shows what to register and the test', async () => {
    const server = admin({
      'POST /auth-provider/': () => created('new-id'),
      'GET /auth-provider/new-id': () => json(provider({ id: 'new-id', name: 'Google' })),
      'GET /auth-provider/': () => json([]),
    });
    renderApp('/admin/auth-providers/add', server);
    expect(await screen.findByRole('heading', { level: 1, name: 'New sign-in provider' })).toBeTruthy();
    expect(screen.getByText(/appear here once the provider is saved/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Test sign-in/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Fill in from a template' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Google' }));
    expect((textbox(/^Name/) as HTMLInputElement).value).toBe('Google');
    expect((textbox(/^OpenID issuer/) as HTMLInputElement).value).toBe('https://accounts.google.com');
    type(/^Client ID/, 'perch-client');
    fireEvent.change(screen.getByLabelText(/^Client secret/), { target: { value: 'shh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));

    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Google',
      providerType: 1,
      issuer: 'https://accounts.google.com',
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      authStyle: 0,
      scopes: 'openid,email,profile',
      clientId: 'perch-client',
      clientSecret: 'shh',
      idpCertificate: '',
      userInfoEmailField: 'email',
      userInfoFirstnameField: 'given_name',
      userInfoLastnameField: 'family_name',
      logoutUrl: '',
      profilePageUrl: 'https://myaccount.google.com/',
      checksSecondFactor: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Google' })).toBeTruthy();
    expect((textbox('Redirect URI') as HTMLInputElement).value).toBe('https://perch.example.com/auth/new-id/callback');
    const test = screen.getByRole('link', { name: /Test sign-in/ });
    expect(test.getAttribute('href')).toBe('/auth/new-id/login/test/');
    expect(test.getAttribute('target')).toBe('_blank');
  });

  it('refuses to save a template’s placeholders and says so at the field', async () => {
    const server = admin({});
    renderApp('/admin/auth-providers/add', server);
    fireEvent.click(await screen.findByRole('button', { name: 'Fill in from a template' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Keycloak' }));
    expect(await screen.findByText(/Filled in for Keycloak/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    expect((await screen.findAllByText('Replace {keycloak-host} with your own value.')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Please fill in this field.')).toBe(true);
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows only the SAML fields for a SAML provider and requires its certificate', async () => {
    const server = admin({});
    renderApp('/admin/auth-providers/add', server);
    fireEvent.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    expect(screen.queryByRole('textbox', { name: /^Client ID/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fill in from a template' })).toBeNull();
    expect(textbox(/^Single sign-on URL/)).toBeTruthy();
    expect(textbox(/^Identity provider entity ID/)).toBeTruthy();
    type(/^Name/, 'Campus');
    type(/^Single sign-on URL/, 'https://idp.campus.example/sso');
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const certificate = textbox(/^Signing certificate/);
    await waitFor(() => expect(certificate.getAttribute('aria-invalid')).toBe('true'));
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says a taken name (409, code 6001) at the name, and a field the server refused (400) at that field', async () => {
    let attempts = 0;
    const server = admin({
      'GET /auth-provider/p1': () => json(provider()),
      'PUT /auth-provider/p1': () =>
        ++attempts === 1
          ? json({ message: 'exists' }, 409, { 'x-error-code': '6001' })
          : json({ message: 'Invalid body: authUrl: must be an absolute http(s) URL' }, 400),
    });
    renderApp('/admin/auth-providers/p1', server);
    expect(await screen.findByText('Leave empty to keep the stored secret.')).toBeTruthy();
    type(/^Name/, 'Taken');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const nameError = await screen.findByText('The sign-in provider name already exists.');
    expect(textbox(/^Name/).getAttribute('aria-describedby')).toContain(nameError.id);

    type(/^Name/, 'Fresh');
    expect(screen.queryByText('The sign-in provider name already exists.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const urlError = await screen.findByText('Not accepted: must be an absolute http(s) URL');
    expect(textbox(/^Authorisation URL/).getAttribute('aria-describedby')).toContain(urlError.id);
    expect(server.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      name: 'Fresh',
      clientSecret: '',
    });
  });

  it('lets the admin say the provider checks two factors itself, and says what that changes', async () => {
    const server = admin({
      'GET /auth-provider/p1': () => json(provider()),
      'PUT /auth-provider/p1': () => noContent(),
    });
    renderApp('/admin/auth-providers/p1', server);
    const trust = (await screen.findByRole('switch', {
      name: /The provider checks two factors itself/,
    })) as HTMLInputElement;
    expect(trust.checked).toBe(false);
    expect(screen.getByText(/Off: people who set up an authenticator app or a passkey in Perch give it/)).toBeTruthy();
    expect(screen.getByText(/On: Perch trusts the provider's own second step and does not ask again/)).toBeTruthy();
    fireEvent.click(trust);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ checksSecondFactor: true });
  });

  it('shows the switch on for a provider that checks two factors itself, fixed when the server configuration made it', async () => {
    renderApp(
      '/admin/auth-providers/p1',
      admin({ 'GET /auth-provider/p1': () => json(provider({ checksSecondFactor: true, readOnly: true })) }),
    );
    const trust = (await screen.findByRole('switch', {
      name: /The provider checks two factors itself/,
    })) as HTMLInputElement;
    expect(trust.checked).toBe(true);
    // The whole form of a provider from the server's configuration is disabled.
    expect(trust.matches(':disabled')).toBe(true);
  });

  it('holds back the test while the form has unsaved changes', async () => {
    renderApp('/admin/auth-providers/p1', admin({ 'GET /auth-provider/p1': () => json(provider()) }));
    expect(await screen.findByRole('link', { name: /Test sign-in/ })).toBeTruthy();
    type(/^Scopes/, 'openid,email');
    const test = screen.getByRole('button', { name: /Test sign-in/ });
    expect((test as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Save your changes first: the test uses the saved settings.')).toBeTruthy();
  });

  it('shows the ACS and metadata URLs of a saved SAML provider', async () => {
    const samlProvider = provider({
      providerType: 2,
      issuer: 'urn:campus',
      idpCertificate: 'PEM',
      samlMetadataUrl: 'https://perch.example.com/auth/p1/saml/metadata',
    });
    renderApp('/admin/auth-providers/p1', admin({ 'GET /auth-provider/p1': () => json(samlProvider) }));
    expect(
      ((await screen.findByRole('textbox', { name: /Assertion consumer service/ })) as HTMLInputElement).value,
    ).toBe('https://perch.example.com/auth/p1/callback');
    expect((textbox(/^Service provider metadata URL/) as HTMLInputElement).value).toBe(
      'https://perch.example.com/auth/p1/saml/metadata',
    );
  });

  it('leads the reference’s address to the provider', async () => {
    renderApp('/admin/settings/auth-providers/p1', admin({ 'GET /auth-provider/p1': () => json(provider()) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme SSO' })).toBeTruthy();
  });
});

describe('a test sign-in result', { timeout: 20_000 }, () => {
  const result = (over: Partial<ProviderTestResult> = {}): ProviderTestResult => ({
    successful: true,
    reason: '',
    error: '',
    errorDescription: '',
    email: 'grace@example.com',
    firstname: 'Grace',
    lastname: '',
    attributes: { email: 'grace@example.com', given_name: 'Grace', sub: '248289761001' },
    wouldSignIn: false,
    ...over,
  });

  it('shows what Perch read, whether the person could sign in and every attribute', async () => {
    renderApp(
      '/admin/auth-providers/p1/test/s1/',
      admin({
        'GET /auth-provider/p1': () => json(provider()),
        'GET /auth-provider/p1/test/s1': () => json(result()),
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Test of Acme SSO' })).toBeTruthy();
    expect(await screen.findByText('The provider signed in grace@example.com.')).toBeTruthy();
    expect(screen.getByText(/This person could not sign in now/)).toBeTruthy();
    expect(screen.getByText('not sent')).toBeTruthy();
    expect(screen.getByText('3 claims or attributes')).toBeTruthy();
    expect(screen.getByRole('row', { name: /sub 248289761001/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Acme SSO' }).getAttribute('href')).toBe(
      '/admin/auth-providers/p1',
    );
    expect(screen.getByRole('link', { name: 'Test again' }).getAttribute('href')).toBe('/auth/p1/login/test/');
  });

  it('shows why a test failed, with the provider’s words', async () => {
    renderApp(
      '/admin/auth-providers/p1/test/s1',
      admin({
        'GET /auth-provider/p1': () => json(provider()),
        'GET /auth-provider/p1/test/s1': () =>
          json(
            result({
              successful: false,
              reason: 'userinfo',
              error: 'invalid_client',
              errorDescription: 'Client authentication failed',
              email: '',
              attributes: {},
            }),
          ),
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The test sign-in failed')).toBeTruthy();
    expect(alert.textContent).toMatch(/invalid_client\s*Client authentication failed/);
    expect(screen.getByText('The provider sent no claims or attributes.')).toBeTruthy();
  });

  it('says when the result is gone', async () => {
    renderApp(
      '/admin/auth-providers/p1/test/old',
      admin({ 'GET /auth-provider/p1': () => json(provider()), 'GET /auth-provider/p1/test/old': () => json({}, 404) }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/no longer available/);
  });
});
