import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_STORAGE_KEY } from '../../app/embedded/embedded-mode';
import { fakeServer, renderApp } from '../../test-support/render-app';

describe('the team wiki’s public pages', { timeout: 15_000 }, () => {
  it('walks an admin through connecting the wiki, with the client id to copy', async () => {
    renderApp('/login/confluence/wiki-client-42', fakeServer({}));
    expect(await screen.findByRole('heading', { level: 1, name: "Let's get started" })).toBeTruthy();
    const steps = within(screen.getByRole('list'));
    expect(steps.getAllByRole('listitem')).toHaveLength(6);
    expect((screen.getByRole('textbox', { name: 'Client ID' }) as HTMLInputElement).value).toBe('wiki-client-42');
    expect(screen.getByRole('button', { name: 'Copy Client ID' })).toBeTruthy();
    const settings = screen.getByRole('link', { name: /Open the team wiki settings/ });
    expect(settings.getAttribute('href')).toMatch(/\/ui\/admin\/settings\/wiki$/);
    expect(settings.getAttribute('target')).toBe('_blank');
  });

  it('asks an anonymous visitor to sign in to the wiki', async () => {
    renderApp('/login/confluence/anonymous', fakeServer({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Please sign in to the wiki to book' })).toBeTruthy();
    expect(screen.getByText(/Only people signed in to the wiki can book/)).toBeTruthy();
  });

  it('explains a refused anonymous visitor on the failed sign-in page, without the server’s English', async () => {
    renderApp(
      '/login/failed?reason=login&error=anonymous&error_description=Anonymous%20wiki%20visitors%20may%20not%20book',
      fakeServer({}),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Please sign in to the wiki to book' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Only people signed in to the wiki can book/);
    expect(screen.queryByText(/may not book/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to Perch' })).toBeTruthy();
  });

  it('speaks of the wiki on the failed sign-in page inside the wiki, without Perch’s sign-in', async () => {
    sessionStorage.setItem(EMBEDDED_STORAGE_KEY, '1');
    renderApp('/login/failed?reason=expired', fakeServer({}));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The sign-in from the wiki has expired or was already used. Reload the wiki page to try again.',
    );
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).toBeNull();
  });

  it('says to reload the wiki page when its sign-in ticket is used up', async () => {
    renderApp('/login/success/used-ticket/?embedded=1', fakeServer({}));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Reload the wiki page to try again/);
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).toBeNull();
  });
});
