import type { MergeRequest, UserMe } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeServer,
  json,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeServer,
} from '../../test-support/render-app';

/**
 * Accepting a merge request as a person does: the dialog says who asks and what moves, offers the
 * wiki identity (unticked), and asks for the password, or for a recent sign-in without one.
 */

const noContent = () => new Response(null, { status: 204 });

function request(over: Partial<MergeRequest> = {}): MergeRequest {
  return {
    id: 'm1',
    userId: 'wiki-1',
    email: 'ada@wiki.example.com',
    wikiIdentity: 'ada@wiki.example.com',
    moves: { bookings: 2, series: 1, buddies: 3, groups: 1 },
    expiresAt: '2030-01-01T10:00:00.000Z',
    ...over,
  };
}

function mergeServer(me: UserMe, pending: MergeRequest, finish: (body: unknown) => Response): FakeServer {
  let waiting = [pending];
  return fakeServer({
    ...signedInRoutes(me),
    'GET /user/merge': () => json(waiting),
    'GET /booking/': () => json([]),
    [`POST /user/merge/finish/${pending.id}`]: (body) => {
      const answer = finish(body);
      if (answer.ok) waiting = [];
      return answer;
    },
  });
}

async function openAccept(server: FakeServer) {
  storeSession();
  renderApp('/bookings', server);
  fireEvent.click(await screen.findByRole('button', { name: '1 merge request is waiting' }));
  const list = within(await screen.findByRole('dialog', { name: 'Merge requests' }));
  fireEvent.click(list.getByRole('button', { name: 'Accept the request of ada@wiki.example.com' }));
  return within(await screen.findByRole('dialog', { name: 'Merge this account into yours?' }));
}

const finishes = (server: FakeServer) => server.calls.filter((c) => c.path.startsWith('/user/merge/finish'));

describe('accepting a merge request', { timeout: 20_000 }, () => {
  it('says who asks and what moves, and confirms with the password; the wiki identity only when ticked', async () => {
    const server = mergeServer(user(), request(), (body) =>
      (body as { password?: string }).password === 'Secret!pass1' ? noContent() : json({ message: 'no' }, 403),
    );
    const dialog = await openAccept(server);
    expect(dialog.getByText(/ada@wiki\.example\.com asks to be merged into your account\./)).toBeTruthy();
    expect(dialog.getByText(/Once merged, ada@wiki\.example\.com is deleted/)).toBeTruthy();
    const moves = within(dialog.getByRole('list', { name: 'Moves to your account' }));
    expect(moves.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 upcoming bookings',
      '1 recurring series',
      '3 buddies',
      '1 group membership',
    ]);
    const identity = dialog.getByRole('checkbox', {
      name: 'Also move the wiki identity ada@wiki.example.com',
    }) as HTMLInputElement;
    expect(identity.checked).toBe(false);
    expect(dialog.getByText(/The wiki's sign-ins as ada@wiki\.example\.com will then open this account/)).toBeTruthy();

    // Nothing is sent without the password.
    fireEvent.click(dialog.getByRole('button', { name: 'Merge accounts' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Please fill in this field.');
    expect(finishes(server)).toHaveLength(0);

    const password = dialog.getByLabelText(/^Your password/) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'wrong-one' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Merge accounts' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('That password is not right.');
    expect(password.value).toBe('');

    fireEvent.change(password, { target: { value: 'Secret!pass1' } });
    fireEvent.click(identity);
    fireEvent.click(dialog.getByRole('button', { name: 'Merge accounts' }));
    await waitFor(() => expect(finishes(server)).toHaveLength(2));
    expect(finishes(server).map((c) => c.body)).toEqual([
      { password: 'wrong-one', moveWikiIdentity: false },
      { password: 'Secret!pass1', moveWikiIdentity: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge this account into yours?' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: /merge request/ })).toBeNull());
  });

  it('says when nothing else moves, and offers no identity when the account has none', async () => {
    const server = mergeServer(
      user(),
      request({ wikiIdentity: '', moves: { bookings: 0, series: 0, buddies: 0, groups: 0 } }),
      () => noContent(),
    );
    const dialog = await openAccept(server);
    expect(dialog.getByText('Nothing else: it has no upcoming bookings, series, buddies or groups.')).toBeTruthy();
    expect(dialog.queryByRole('list', { name: 'Moves to your account' })).toBeNull();
    expect(dialog.queryByRole('checkbox')).toBeNull();
    fireEvent.change(dialog.getByLabelText(/^Your password/), { target: { value: 'Secret!pass1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Merge accounts' }));
    await waitFor(() => expect(finishes(server)).toHaveLength(1));
    expect(finishes(server)[0]?.body).toEqual({ password: 'Secret!pass1' });
  });

  it('asks an account without a password for no password, and to sign in again when its sign-in is too old', async () => {
    const server = mergeServer(user({ requirePassword: false, signInProviderId: 'p1' }), request(), () =>
      json({ message: 'Sign in again, then accept the merge within ten minutes' }, 403),
    );
    const dialog = await openAccept(server);
    expect(dialog.queryByLabelText(/^Your password/)).toBeNull();
    expect(dialog.getByText(/accepting works within ten minutes of signing in/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Merge accounts' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'For your safety, sign out and sign in again, then accept the request within ten minutes.',
    );
    expect(finishes(server)[0]?.body).toEqual({ moveWikiIdentity: false });
  });

  it('tells how long to wait after too many wrong passwords', async () => {
    const server = mergeServer(user(), request(), () => json({ message: 'slow down' }, 429, { 'retry-after': '300' }));
    const dialog = await openAccept(server);
    fireEvent.change(dialog.getByLabelText(/^Your password/), { target: { value: 'again-wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Merge accounts' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Too many failed attempts. Try again in 5 minutes.');
  });

  it('says when the request is gone meanwhile', async () => {
    const server = mergeServer(user(), request(), () => json({ message: 'gone' }, 404));
    const dialog = await openAccept(server);
    fireEvent.change(dialog.getByLabelText(/^Your password/), { target: { value: 'Secret!pass1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Merge accounts' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('This request has expired or was already answered.');
  });

  it('closes without a word to the server when cancelled', async () => {
    const server = mergeServer(user(), request(), () => noContent());
    const dialog = await openAccept(server);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge this account into yours?' })).toBeNull());
    expect(finishes(server)).toHaveLength(0);
  });
});
