import type { AuthAttempt } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderApp, signedInRoutes, storeSession, user } from '../../../test-support/render-app';

const orgAdmin = user({ id: 'me', email: 'oa@example.com', role: 20, admin: true, spaceAdmin: true });
const attempt = (i: number, over: Partial<AuthAttempt> = {}): AuthAttempt => ({
  id: `a${i}`,
  userId: '',
  email: `person${i}@example.com`,
  timestamp: new Date(Date.UTC(2030, 8, 1, 6, 30) - i * 60_000).toISOString(),
  successful: false,
  method: 'password',
  authProviderId: '',
  authProviderName: '',
  errorCode: 'user_not_found',
  errorDetail: '',
  device: 'Firefox on Linux',
  clientAddress: '192.0.2.1',
  ...over,
});

/** A server whose `GET /auth-attempt/` answers `answer(query)`; every query asked is kept. */
function serverWith(answer: (q: URLSearchParams) => Response | Promise<Response>) {
  const server = fakeServer(signedInRoutes(orgAdmin));
  const queries: URLSearchParams[] = [];
  const original = server.fetch;
  server.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/auth-attempt/') return original(input, init);
    queries.push(url.searchParams);
    return answer(url.searchParams);
  };
  return { server, queries };
}

afterEach(() => vi.restoreAllMocks());

// Rendering the whole app with Mantine takes a few seconds on a busy machine.
describe('sign-in log screen', { timeout: 20_000 }, () => {
  it('lists attempts with the reason in words and pages through them', async () => {
    storeSession();
    const { server, queries } = serverWith((q) => {
      const offset = Number(q.get('offset'));
      const locked = { method: 'totp', errorCode: 'second_factor_locked' };
      return json({
        total: 60,
        items: Array.from({ length: offset ? 10 : 50 }, (_, i) => attempt(offset + i, offset + i === 1 ? locked : {})),
      });
    });
    renderApp('/admin/audit', server);
    const table = await screen.findByRole('table', { name: 'Sign-in log' }, { timeout: 8000 });
    const row = within(table).getByRole('row', { name: /person0@example\.com/ });
    expect(row.textContent).toContain('No account with this email');
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('Password');
    expect(row.textContent).toContain('192.0.2.1');
    const lockedRow = within(table).getByRole('row', { name: /person1@example\.com/ });
    expect(lockedRow.textContent).toContain('Second sign-in step locked after too many failures');
    expect(screen.getByText('1–50 of 60 sign-in attempts')).toBeTruthy();
    // The default window: seven whole days up to the end of today, 50 a page.
    const first = queries[0]!;
    expect(first.get('limit')).toBe('50');
    expect(first.get('offset')).toBe('0');
    expect(Date.parse(first.get('end')!) - Date.parse(first.get('start')!)).toBeGreaterThan(6.9 * 86_400_000);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–60 of 60 sign-in attempts')).toBeTruthy();
    expect(queries.at(-1)!.get('offset')).toBe('50');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('1–50 of 60 sign-in attempts')).toBeTruthy();
  });

  it('filters by email, result and days on the server', async () => {
    storeSession();
    const { server, queries } = serverWith(() => json({ total: 1, items: [attempt(1)] }));
    renderApp('/admin/audit', server);
    expect(await screen.findByText('1–1 of 1 sign-in attempt', undefined, { timeout: 8000 })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Email contains' }), { target: { value: 'Person1' } });
    await waitFor(() => expect(queries.at(-1)!.get('user')).toBe('Person1'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Result' }), { target: { value: 'failure' } });
    await waitFor(() => expect(queries.at(-1)!.get('success')).toBe('false'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-08-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-08-02' } });
    await waitFor(() => expect(queries.at(-1)!.get('start')!.slice(0, 7)).toMatch(/^2030-0[78]/));
    const last = queries.at(-1)!;
    const days = (Date.parse(last.get('end')!) - Date.parse(last.get('start')!)) / 86_400_000;
    expect(days).toBeGreaterThan(1.9);
    expect(days).toBeLessThan(2.1);
    expect(last.get('user')).toBe('Person1');
    // A range that ends before it starts is refused at the field, and not asked for.
    const asked = queries.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-07-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The end date must not be before the start date.');
    expect(queries.length).toBe(asked);
  });

  it('says when nothing matches, and clears the filters', async () => {
    storeSession();
    const { server, queries } = serverWith((q) =>
      json(q.get('user') ? { total: 0, items: [] } : { total: 1, items: [attempt(1)] }),
    );
    renderApp('/admin/audit?user=nobody&outcome=success', server);
    expect(await screen.findByRole('heading', { name: 'No sign-in attempts' }, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByText('1–1 of 1 sign-in attempt')).toBeTruthy();
    expect(queries.at(-1)!.get('user')).toBeNull();
    expect(queries.at(-1)!.get('success')).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Email contains' }) as HTMLInputElement).value).toBe('');
  });

  it('shows a failure with a retry', async () => {
    storeSession();
    let calls = 0;
    const { server } = serverWith(() =>
      ++calls === 1 ? json({ message: 'no' }, 403) : json({ total: 1, items: [attempt(1)] }),
    );
    renderApp('/admin/audit', server);
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1–1 of 1 sign-in attempt')).toBeTruthy();
  });

  it('downloads the filtered attempts of every page as CSV', async () => {
    storeSession();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:sign-in-log';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { server, queries } = serverWith((q) => {
      const offset = Number(q.get('offset'));
      const limit = Number(q.get('limit'));
      const count = Math.max(0, Math.min(limit, 130 - offset));
      return json({ total: 130, items: Array.from({ length: count }, (_, i) => attempt(offset + i)) });
    });
    renderApp('/admin/audit?outcome=failure', server);
    await screen.findByText('1–50 of 130 sign-in attempts', undefined, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportQueries = queries.filter((q) => q.get('limit') === '100');
    expect(exportQueries.map((q) => q.get('offset'))).toEqual(['0', '100']);
    expect(exportQueries.every((q) => q.get('success') === 'false')).toBe(true);
    const text = await blobs[0]!.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(131);
    expect(lines[0]).toMatch(/^Time,Time \(UTC\),Email,Method,Result,Reason,Client address,Device,/);
    expect(lines[1]).toContain('person0@example.com,Password,Failed,No account with this email,192.0.2.1');
  });
});
