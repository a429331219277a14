import type { CheckInLinkResult } from '@perch/contract';
import { ErrorCode } from '@perch/contract/values';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderApp } from '../../test-support/render-app';

const LINK = '6f1d2c4e-8a1b-4c3d-9e2f-0a1b2c3d4e5f';
const PATH = `/checkin/${LINK}`;
const result = (action: 'in' | 'release', kept = true): CheckInLinkResult => ({
  action,
  kept,
  spaceName: 'Desk 7',
  areaName: 'Second floor',
  enter: '2030-09-02T09:00:00+02:00',
  leave: '2030-09-02T17:00:00+02:00',
});
const refused = (status: number, code: number) =>
  new Response(JSON.stringify({ message: 'refused' }), {
    status,
    headers: { 'content-type': 'application/json', 'x-error-code': String(code) },
  });

/** The page behind a reminder mail's buttons, opened signed out (the link is the proof). */
describe('the check-in link page', { timeout: 20_000 }, () => {
  it('checks in as soon as it opens, once, and says where and when', async () => {
    const server = fakeServer({ [`POST /checkin/link/${LINK}`]: () => json(result('in')) });
    renderApp(`${PATH}?do=in`, server);
    expect(await screen.findByRole('heading', { name: 'You are checked in at Desk 7.' })).toBeTruthy();
    expect(screen.getByText('Second floor · Mon, 2030-09-02, 09:00 – 17:00')).toBeTruthy();
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([{ method: 'POST', path: `/checkin/link/${LINK}`, query: '', body: { action: 'in' } }]);
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/bookings');
  });

  it("gives the space back with I won't come, saying whether the booking stays in the history", async () => {
    const server = fakeServer({ [`POST /checkin/link/${LINK}`]: () => json(result('release')) });
    renderApp(`${PATH}?do=release`, server);
    expect(await screen.findByRole('heading', { name: 'Desk 7 is free for others now.' })).toBeTruthy();
    expect(
      screen.getByText('Thank you for letting your colleagues know. The booking stays in your history.'),
    ).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'release' });
  });

  it('does not promise a history for a booking that had not begun (it was cancelled)', async () => {
    const server = fakeServer({ [`POST /checkin/link/${LINK}`]: () => json(result('release', false)) });
    renderApp(`${PATH}?do=release`, server);
    expect(await screen.findByText('Thank you for letting your colleagues know.')).toBeTruthy();
  });

  it('says a used or expired link is used up, and offers no retry', async () => {
    const server = fakeServer({
      [`POST /checkin/link/${LINK}`]: () => refused(404, ErrorCode.CheckInLinkInvalid),
    });
    renderApp(`${PATH}?do=in`, server);
    expect((await screen.findByRole('alert')).textContent).toBe('This link has been used or has expired.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("explains the server's refusal (scan only) in the person's words", async () => {
    const server = fakeServer({
      [`POST /checkin/link/${LINK}`]: () => refused(400, ErrorCode.CheckInNeedsScan),
    });
    renderApp(`${PATH}?do=in`, server);
    expect((await screen.findByRole('alert')).textContent).toBe('Scan the code at the space to check in.');
  });

  it('offers a retry when the server could not answer, and the retry can succeed', async () => {
    let calls = 0;
    const server = fakeServer({
      [`POST /checkin/link/${LINK}`]: () => (++calls === 1 ? json({ message: 'down' }, 503) : json(result('in'))),
    });
    renderApp(`${PATH}?do=in`, server);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'You are checked in at Desk 7.' })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('does nothing with a link that lost its action', async () => {
    const server = fakeServer({});
    renderApp(PATH, server);
    expect(await screen.findByText('This link is incomplete. Open it again from the mail.')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
