import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, ORG, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';

const orgAdmin = user({ role: 20, admin: true, spaceAdmin: true });

function wikiServer(onPut: (body: unknown) => Response = () => new Response(null, { status: 204 })) {
  let stored: Record<string, string> = {
    confluence_server_shared_secret: '',
    confluence_anonymous: '0',
    confluence_map_foreign_domains: '0',
    confluence_frame_origins: '',
  };
  return fakeServer({
    ...signedInRoutes(orgAdmin),
    'GET /user/merge': () => json([]),
    'GET /setting/': () => json(Object.entries(stored).map(([name, value]) => ({ name, value }))),
    'PUT /setting/': (body) => {
      const answer = onPut(body);
      if (answer.ok)
        for (const { name, value } of body as { name: string; value: string }[])
          stored = {
            ...stored,
            [name]: name === 'confluence_server_shared_secret' ? (value ? '1' : '') : value.replace(/\s+/g, ' ').trim(),
          };
      return answer;
    },
    'PUT /setting/confluence_server_shared_secret': () => {
      stored = { ...stored, confluence_server_shared_secret: '' };
      return new Response(null, { status: 204 });
    },
  });
}

const puts = (server: ReturnType<typeof wikiServer>) => server.calls.filter((c) => c.method === 'PUT');

describe('team wiki integration screen', { timeout: 20_000 }, () => {
  it('shows what the wiki app needs, ready to copy', async () => {
    storeSession();
    renderApp('/admin/settings/wiki', wikiServer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Team wiki integration' })).toBeTruthy();
    const setup = within(screen.getByRole('region', { name: 'Connect the wiki' }));
    expect((setup.getByRole('textbox', { name: 'Organisation ID' }) as HTMLInputElement).value).toBe(ORG.id);
    expect((setup.getByRole('textbox', { name: 'Perch address' }) as HTMLInputElement).value).toBe(
      window.location.origin,
    );
    expect((setup.getByRole('textbox', { name: /^Sign-in address/ }) as HTMLInputElement).value).toBe(
      `${window.location.origin}/confluence/${ORG.id}/<token>`,
    );
    expect(setup.getByRole('button', { name: 'Copy Organisation ID' })).toBeTruthy();
    // Listed in the administration's menu.
    expect(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Team wiki' }),
    ).toBeTruthy();
  });

  it('generates a secret to copy, checks the origins and saves everything in one request', async () => {
    storeSession();
    const server = wikiServer();
    renderApp('/admin/settings/wiki', server);
    expect(await screen.findByText('No shared secret yet: nobody can sign in from the wiki.')).toBeTruthy();
    const secret = screen.getByLabelText(/^Shared secret/) as HTMLInputElement;
    expect(secret.type).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(secret.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Shown, so it can be copied into the wiki app before saving.
    expect(secret.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(screen.getByText(/Copy this secret into the wiki app now/)).toBeTruthy();

    const origins = screen.getByRole('textbox', { name: /^Wiki addresses allowed to show Perch/ });
    fireEvent.change(origins, { target: { value: 'https://wiki.example.com\nhttps://wiki.example.com/spaces' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /“https:\/\/wiki\.example\.com\/spaces” is not a site/,
    );
    const save = screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(origins, { target: { value: 'https://wiki.example.com\nhttp://localhost:8090/' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Anonymous wiki visitors may book/ }));
    expect(screen.getByText('Unsaved changes: 3')).toBeTruthy();
    const generated = secret.value;
    fireEvent.click(save);

    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(puts(server)[0]?.body).toEqual([
      { name: 'confluence_server_shared_secret', value: generated },
      { name: 'confluence_frame_origins', value: 'https://wiki.example.com http://localhost:8090' },
      { name: 'confluence_anonymous', value: '1' },
    ]);
    expect(await screen.findByText('A shared secret is set.')).toBeTruthy();
    expect(await screen.findByText('All changes are saved.')).toBeTruthy();
    expect((screen.getByLabelText(/^New shared secret/) as HTMLInputElement).value).toBe('');
    expect((origins as HTMLTextAreaElement).value).toBe('https://wiki.example.com\nhttp://localhost:8090');
  });

  it('shows the server’s refusal of the origins at the field', async () => {
    storeSession();
    const server = wikiServer(() => json({ message: 'Invalid value for confluence_frame_origins (format)' }, 400));
    renderApp('/admin/settings/wiki', server);
    const origins = await screen.findByRole('textbox', { name: /^Wiki addresses allowed to show Perch/ });
    fireEvent.change(origins, { target: { value: 'https://wiki.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Perch did not accept these addresses/)).toBeTruthy();
    expect(screen.getByText('The settings were not saved')).toBeTruthy();
  });

  it('removes the secret after a confirmation', async () => {
    storeSession();
    const server = wikiServer();
    renderApp('/admin/settings/wiki', server);
    // Set one first.
    fireEvent.change(await screen.findByLabelText(/^Shared secret/), {
      target: { value: 'a-secret-long-enough-for-the-wiki-0123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove secret' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the shared secret?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove secret' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/setting/confluence_server_shared_secret')).toBe(true),
    );
    expect(server.calls.find((c) => c.path === '/setting/confluence_server_shared_secret')?.body).toEqual({
      value: '',
    });
    expect(await screen.findByText('No shared secret yet: nobody can sign in from the wiki.')).toBeTruthy();
  });

  it('refuses a secret of fewer than 32 bytes, counting letters beyond ASCII as the bytes they take', async () => {
    storeSession();
    const server = wikiServer();
    renderApp('/admin/settings/wiki', server);
    expect(
      await screen.findByText(/Use at least 32 bytes \(plain letters and digits are one byte each\); Generate/),
    ).toBeTruthy();
    const secret = screen.getByLabelText(/^Shared secret/);
    fireEvent.change(secret, { target: { value: 'x'.repeat(31) } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Use at least 32 bytes (plain letters and digits are one byte each).',
    );
    const save = screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // Sixteen two-byte letters are enough.
    fireEvent.change(secret, { target: { value: 'ß'.repeat(16) } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(puts(server)[0]?.body).toEqual([{ name: 'confluence_server_shared_secret', value: 'ß'.repeat(16) }]);
  });

  it('lets wiki users of other domains in only when the admin says so, explaining both ways', async () => {
    storeSession();
    const server = wikiServer();
    renderApp('/admin/settings/wiki', server);
    const mapping = (await screen.findByRole('switch', {
      name: /^Let in wiki users from other domains/,
    })) as HTMLInputElement;
    expect(mapping.checked).toBe(false);
    expect(
      screen.getByText(/Off: wiki users whose address is on a domain your organisation has not verified are refused/),
    ).toBeTruthy();
    expect(
      screen.getByText(/On: the part of their address before the @ is used on your organisation's domain/),
    ).toBeTruthy();
    fireEvent.click(mapping);
    expect(screen.getByText('Unsaved changes: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(puts(server)[0]?.body).toEqual([{ name: 'confluence_map_foreign_domains', value: '1' }]);
    expect(await screen.findByText('All changes are saved.')).toBeTruthy();
    expect(mapping.checked).toBe(true);
  });
});
