import { ErrorCode, Role } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingMovedTo, createFloor, setSettings, wall, type Floor } from '../../test-support/bookings.js';
import { failure } from '../../test-support/http.js';
import { releaseNoShows } from './release.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';

let s: TestServer;
let floor: Floor;
const Z = 'Europe/Berlin';
const OWNER = 'checkin-owner@test.perch.local';
const OTHER = 'checkin-other@test.perch.local';
const SPACE_ADMIN = 'checkin-spaceadmin@test.perch.local';

beforeAll(async () => {
  s = await startTestServer();
  await s.reset();
  floor = await createFloor(s, { zone: Z, desks: 3 });
  await setSettings(s, { max_days_in_advance: '60', max_bookings_per_user: '50' });
  await s.createUser({ email: OWNER, password: TEST_PASSWORD });
  await s.createUser({ email: OTHER, password: TEST_PASSWORD });
  await s.createUser({ email: SPACE_ADMIN, password: TEST_PASSWORD, role: Role.SpaceAdmin });
});
afterAll(() => s.close());

beforeEach(async () => {
  await s.deps.db.deleteFrom('bookings').execute();
  await setSettings(s, { checkin_mode: '1', checkin_opens_minutes: '15', checkin_grace_minutes: '30' });
  await s.deps.db
    .updateTable('spaces')
    .set({ checkin_mode: null, checkin_opens_minutes: null })
    .where('location_id', '=', floor.locationId)
    .execute();
});

/** A booking of the owner's that starts `startsInMinutes` from now (time passing), made a day earlier. */
const bookingStarting = async (startsInMinutes: number, hours = 4, space = floor.spaces[0]!): Promise<string> =>
  bookingMovedTo(s, await s.signIn(OWNER), space, Z, startsInMinutes, hours);

const row = (id: string) => s.deps.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tokenOf = async (spaceId: string) =>
  (await s.deps.db.selectFrom('spaces').select('checkin_token').where('id', '=', spaceId).executeTakeFirstOrThrow())
    .checkin_token;

async function refused(p: Promise<unknown>, status: number, appCode?: number) {
  const err = await failure(p);
  expect(err.status).toBe(status);
  if (appCode !== undefined) expect(err.appCode).toBe(appCode);
}

describe('POST /booking/{id}/checkin', () => {
  it('checks the owner in while the window is open, once: a second check-in keeps the first time', async () => {
    const id = await bookingStarting(10);
    const owner = await s.signIn(OWNER);
    await owner.post(`/booking/${id}/checkin`, {});
    const first = (await row(id)).checked_in_at;
    expect(first).toBeInstanceOf(Date);
    await owner.post(`/booking/${id}/checkin`, {});
    expect((await row(id)).checked_in_at).toEqual(first);
  });

  it('is refused before the window opens, and after the booking ended', async () => {
    const owner = await s.signIn(OWNER);
    const early = await bookingStarting(16);
    await refused(owner.post(`/booking/${early}/checkin`, {}), 400, ErrorCode.CheckInNotOpenYet);
    expect((await row(early)).checked_in_at).toBeNull();
    const ended = await bookingStarting(-61, 1, floor.spaces[1]);
    await refused(owner.post(`/booking/${ended}/checkin`, {}), 400, ErrorCode.CheckInClosed);
  });

  it('is refused where the policy asks for no check-in', async () => {
    await setSettings(s, { checkin_mode: '0' });
    const id = await bookingStarting(5);
    await refused((await s.signIn(OWNER)).post(`/booking/${id}/checkin`, {}), 400, ErrorCode.CheckInOff);
  });

  it('takes the space’s own policy over the organisation’s', async () => {
    await setSettings(s, { checkin_mode: '0' });
    await s.deps.db
      .updateTable('spaces')
      .set({ checkin_mode: 1, checkin_opens_minutes: 60 })
      .where('id', '=', floor.spaces[0]!)
      .execute();
    const id = await bookingStarting(45);
    await (await s.signIn(OWNER)).post(`/booking/${id}/checkin`, {});
    expect((await row(id)).checked_in_at).not.toBeNull();
  });

  it('under "scan only" needs the token of the space’s code; another space’s code is refused everywhere', async () => {
    await setSettings(s, { checkin_mode: '2' });
    const owner = await s.signIn(OWNER);
    const id = await bookingStarting(5);
    await refused(owner.post(`/booking/${id}/checkin`, {}), 400, ErrorCode.CheckInNeedsScan);
    await refused(
      owner.post(`/booking/${id}/checkin`, { token: await tokenOf(floor.spaces[1]!) }),
      400,
      ErrorCode.CheckInNeedsScan,
    );
    await refused(owner.post(`/booking/${id}/checkin`, { token: '' }), 400, ErrorCode.CheckInNeedsScan);
    expect((await row(id)).checked_in_at).toBeNull();
    await owner.post(`/booking/${id}/checkin`, { token: await tokenOf(floor.spaces[0]!) });
    expect((await row(id)).checked_in_at).not.toBeNull();
  });

  it('lets a space admin check someone in, but not another user; an unknown booking is 404', async () => {
    const id = await bookingStarting(5);
    await refused((await s.signIn(OTHER)).post(`/booking/${id}/checkin`, {}), 403);
    expect((await row(id)).checked_in_at).toBeNull();
    await (await s.signIn(SPACE_ADMIN)).post(`/booking/${id}/checkin`, {});
    expect((await row(id)).checked_in_at).not.toBeNull();
    await refused(s.admin.post('/booking/00000000-0000-4000-8000-000000000000/checkin', {}), 404);
    await refused(s.admin.post('/booking/not-an-id/checkin', {}), 404);
  });

  it('answers 409 for a released booking', async () => {
    const id = await bookingStarting(-40);
    await s.deps.db
      .updateTable('bookings')
      .set({ released_at: new Date(), release_reason: 'no-show' })
      .where('id', '=', id)
      .execute();
    await refused((await s.signIn(OWNER)).post(`/booking/${id}/checkin`, {}), 409, ErrorCode.BookingReleased);
  });

  it('refuses a token longer than a code holds with 400', async () => {
    const id = await bookingStarting(5);
    await refused((await s.signIn(OWNER)).post(`/booking/${id}/checkin`, { token: 'x'.repeat(129) }), 400);
  });
});

describe('POST /booking/{id}/checkout', () => {
  it('ends a booking in progress at the next whole minute, keeps the booked end and frees the rest of the slot', async () => {
    const id = await bookingStarting(-30, 4);
    const before = await row(id);
    await (await s.signIn(OWNER)).post(`/booking/${id}/checkout`);
    const after = await row(id);
    expect(after.booked_leave_at).toEqual(before.leave_at);
    expect(after.leave_at.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(after.leave_at.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(after.leave_at.getUTCSeconds()).toBe(0);
    // A colleague books the rest of the slot.
    const free = await s.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('space_id', '=', floor.spaces[0]!)
      .where('leave_at', '>', new Date(Date.now() + 120_000))
      .execute();
    expect(free).toHaveLength(0);
  });

  it('is refused for a booking that has not started, and for someone else’s', async () => {
    const id = await bookingStarting(30);
    await refused((await s.signIn(OWNER)).post(`/booking/${id}/checkout`), 400, ErrorCode.CheckOutNotInProgress);
    const started = await bookingStarting(-5, 2, floor.spaces[1]);
    await refused((await s.signIn(OTHER)).post(`/booking/${started}/checkout`), 403);
    expect((await row(started)).booked_leave_at).toBeNull();
  });
});

describe('the policy of an area and of a space', () => {
  const areaPath = () => `/location/${floor.locationId}`;
  const spacePath = () => `/location/${floor.locationId}/space/${floor.spaces[2]!}`;

  it('is saved with the area and the space, kept when a save leaves it out, and cleared by null', async () => {
    const area = await s.admin.get<Record<string, unknown>>(areaPath());
    await s.admin.put(areaPath(), { ...area, checkinMode: 2, checkinReleaseTime: '10:00', checkinExemptLong: true });
    let saved = await s.admin.get<Record<string, unknown>>(areaPath());
    expect(saved).toMatchObject({
      checkinMode: 2,
      checkinReleaseTime: '10:00',
      checkinExemptLong: true,
      checkinOpensMinutes: null,
      checkinGraceMinutes: null,
      checkinRelease: null,
    });
    // A client that knows nothing of check-in saves the area: the policy stays.
    const plain = Object.fromEntries(Object.entries(saved).filter(([key]) => !key.startsWith('checkin')));
    await s.admin.put(areaPath(), plain);
    expect(await s.admin.get(areaPath())).toMatchObject({ checkinMode: 2, checkinReleaseTime: '10:00' });
    await s.admin.put(areaPath(), { ...plain, checkinMode: null, checkinReleaseTime: null, checkinExemptLong: null });
    saved = await s.admin.get<Record<string, unknown>>(areaPath());
    expect(saved).toMatchObject({ checkinMode: null, checkinReleaseTime: null, checkinExemptLong: null });

    const space = await s.admin.get<Record<string, unknown>>(spacePath());
    expect(space).toMatchObject({ checkinMode: null, checkinGraceMinutes: null });
    await s.admin.put(spacePath(), { ...space, checkinGraceMinutes: 10, checkinRelease: false });
    expect(await s.admin.get(spacePath())).toMatchObject({ checkinGraceMinutes: 10, checkinRelease: false });
    await s.admin.put(spacePath(), { ...space, checkinGraceMinutes: null, checkinRelease: null });
    expect(await s.admin.get(spacePath())).toMatchObject({ checkinGraceMinutes: null, checkinRelease: null });
  });

  it('refuses values out of range with 400 and changes nothing', async () => {
    const area = await s.admin.get<Record<string, unknown>>(areaPath());
    for (const bad of [
      { checkinMode: 3 },
      { checkinOpensMinutes: 721 },
      { checkinGraceMinutes: 0 },
      { checkinReleaseTime: '25:00' },
      { checkinReleaseTime: '9:00' },
      { checkinRelease: 'yes' },
    ])
      await refused(s.admin.put(areaPath(), { ...area, ...bad }), 400);
    expect(await s.admin.get(areaPath())).toMatchObject({ checkinMode: null, checkinReleaseTime: null });
    const space = await s.admin.get<Record<string, unknown>>(spacePath());
    await refused(s.admin.put(spacePath(), { ...space, checkinOpensMinutes: -1 }), 400);
  });

  it('is for space admins to change', async () => {
    const area = await s.admin.get<Record<string, unknown>>(areaPath());
    await refused((await s.signIn(OWNER)).put(areaPath(), { ...area, checkinMode: 0 }), 403);
  });
});

describe("a space's code", () => {
  const tokenPath = () => `/location/${floor.locationId}/space/${floor.spaces[0]!}/checkin-token`;

  it('is read by space admins only, and a rotated one no longer checks in', async () => {
    await setSettings(s, { checkin_mode: '2' });
    const admin = await s.signIn(SPACE_ADMIN);
    const { token: old } = await admin.get<{ token: string }>(tokenPath());
    expect(old).toBe(await tokenOf(floor.spaces[0]!));
    await refused((await s.signIn(OWNER)).get(tokenPath()), 403);
    await refused((await s.signIn(OWNER)).post(tokenPath()), 403);

    const { token: fresh } = (await admin.post<{ token: string }>(tokenPath())).data;
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await admin.get<{ token: string }>(tokenPath())).token).toBe(fresh);

    const owner = await s.signIn(OWNER);
    const id = await bookingStarting(5);
    await refused(owner.post(`/booking/${id}/checkin`, { token: old }), 400, ErrorCode.CheckInNeedsScan);
    await owner.post(`/booking/${id}/checkin`, { token: fresh });
    expect((await row(id)).checked_in_at).not.toBeNull();
  });

  it('of a new space is a short random token, 32 base64url characters like a rotated one', async () => {
    const tokens = await Promise.all(floor.spaces.map(tokenOf));
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('of every space of an area are listed for space admins, to print them', async () => {
    const path = `/location/${floor.locationId}/space/checkin-tokens`;
    const tokens = await (await s.signIn(SPACE_ADMIN)).get<{ spaceId: string; token: string }[]>(path);
    expect(tokens.map((t) => t.spaceId).sort()).toEqual([...floor.spaces].sort());
    for (const { spaceId, token } of tokens) expect(token).toBe(await tokenOf(spaceId));
    await refused((await s.signIn(OWNER)).get(path), 403);
  });

  it('of an unknown space is 404', async () => {
    await refused(
      s.admin.get(`/location/${floor.locationId}/space/00000000-0000-4000-8000-000000000000/checkin-token`),
      404,
    );
  });
});

describe('GET /checkin/', () => {
  interface Due {
    bookingId: string;
    opensAt: string;
    missedAt: string;
    releases: boolean;
    scanOnly: boolean;
  }

  it("lists the caller's bookings that wait for a check-in, with their windows", async () => {
    const soon = await bookingStarting(10);
    const later = await bookingStarting(60 * 13, 4, floor.spaces[1]);
    const owner = await s.signIn(OWNER);
    const due = await owner.get<Due[]>('/checkin/');
    expect(due.map((d) => d.bookingId)).toEqual([soon]);
    const enter = (await row(soon)).enter_at.getTime();
    expect(Date.parse(due[0]!.opensAt)).toBe(enter - 15 * 60_000);
    expect(Date.parse(due[0]!.missedAt)).toBe(enter + 30 * 60_000);
    expect(due[0]).toMatchObject({ releases: true, scanOnly: false });
    expect(later).toBeTruthy();

    // Checked in: no longer waiting. Someone else sees none of it.
    await owner.post(`/booking/${soon}/checkin`, {});
    expect(await owner.get<Due[]>('/checkin/')).toEqual([]);
    expect(await (await s.signIn(OTHER)).get<Due[]>('/checkin/')).toEqual([]);
  });

  it('leaves out bookings made inside their window and bookings where the policy asks for none', async () => {
    const madeInWindow = await bookingStarting(10);
    await s.deps.db.updateTable('bookings').set({ created_at: new Date() }).where('id', '=', madeInWindow).execute();
    const owner = await s.signIn(OWNER);
    expect(await owner.get<Due[]>('/checkin/')).toEqual([]);
    const waiting = await bookingStarting(10, 4, floor.spaces[1]);
    expect((await owner.get<Due[]>('/checkin/')).map((d) => d.bookingId)).toEqual([waiting]);
    await setSettings(s, { checkin_mode: '0' });
    expect(await owner.get<Due[]>('/checkin/')).toEqual([]);
  });

  it('says when only a scan checks in and when a missed booking is only counted', async () => {
    await setSettings(s, { checkin_mode: '2', checkin_release: '0' });
    await bookingStarting(5);
    const [due] = await (await s.signIn(OWNER)).get<Due[]>('/checkin/');
    expect(due).toMatchObject({ releases: false, scanOnly: true });
    await setSettings(s, { checkin_release: '1' });
  });
});

describe('POST /presence/checkin (sensors and badge readers)', () => {
  const SENSOR = 'checkin-sensor@test.perch.local';
  const READER = 'checkin-reader@test.perch.local';
  const basic = (email: string) => `Basic ${Buffer.from(`${s.orgId}_${email}:${TEST_PASSWORD}`).toString('base64')}`;
  const signal = (body: unknown, email = SENSOR) =>
    fetch(`${s.url}/presence/checkin`, {
      method: 'POST',
      headers: { authorization: basic(email), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    await s.createUser({ email: SENSOR, password: TEST_PASSWORD, role: Role.ServiceAccountReadWrite });
    await s.createUser({ email: READER, password: TEST_PASSWORD, role: Role.ServiceAccountReadOnly });
  });

  it('checks the person in to their booking at the space, by the space id or its token, also under "scan only"', async () => {
    await setSettings(s, { checkin_mode: '2' });
    const byId = await bookingStarting(5);
    const res = await signal({ spaceId: floor.spaces[0], email: OWNER.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bookingId: byId });
    expect((await row(byId)).checked_in_at).not.toBeNull();

    const byToken = await bookingStarting(5, 4, floor.spaces[1]);
    expect((await signal({ token: await tokenOf(floor.spaces[1]!), email: OWNER })).status).toBe(200);
    expect((await row(byToken)).checked_in_at).not.toBeNull();
  });

  it('answers 404 with the reason, and 400 before the window opens', async () => {
    const later = await bookingStarting(60);
    const reason = async (res: Response) => ({
      status: res.status,
      message: ((await res.json()) as { message: string }).message,
    });
    expect(await reason(await signal({ spaceId: floor.spaces[0], email: 'nobody@test.perch.local' }))).toEqual({
      status: 404,
      message: 'Unknown person',
    });
    expect(await reason(await signal({ token: 'no-such-token', email: OWNER }))).toEqual({
      status: 404,
      message: 'Unknown space',
    });
    expect(await reason(await signal({ spaceId: floor.spaces[2], email: OWNER }))).toEqual({
      status: 404,
      message: 'This person has no booking at this space now',
    });
    const early = await signal({ spaceId: floor.spaces[0], email: OWNER });
    expect(early.status).toBe(400);
    expect(early.headers.get('x-error-code')).toBe(String(ErrorCode.CheckInNotOpenYet));
    expect((await row(later)).checked_in_at).toBeNull();
  });

  it('takes a space id or a token, not both and not neither', async () => {
    expect((await signal({ email: OWNER })).status).toBe(400);
    expect((await signal({ spaceId: floor.spaces[0], token: 'x', email: OWNER })).status).toBe(400);
  });

  it('is for read-write service accounts only', async () => {
    const id = await bookingStarting(5);
    expect((await signal({ spaceId: floor.spaces[0], email: OWNER }, READER)).status).toBe(401);
    await refused(
      (await s.signIn(SPACE_ADMIN)).post('/presence/checkin', { spaceId: floor.spaces[0], email: OWNER }),
      403,
    );
    await refused(s.admin.post('/presence/checkin', { spaceId: floor.spaces[0], email: OWNER }), 403);
    expect((await row(id)).checked_in_at).toBeNull();
  });
});

describe('the admin lists by check-in state', () => {
  it('filter the bookings checked in, released and neither; the CSV has the check-in columns', async () => {
    const checkedIn = await bookingStarting(5);
    const released = await bookingStarting(-40, 4, floor.spaces[1]);
    const neither = await bookingStarting(5, 4, floor.spaces[2]);
    await (await s.signIn(OWNER)).post(`/booking/${checkedIn}/checkin`, {});
    await s.deps.db
      .updateTable('bookings')
      .set({ released_at: new Date(), release_reason: 'no-show' })
      .where('id', '=', released)
      .execute();
    const window = { start: wall(Z, -1, 0), end: wall(Z, 2, 0) };
    const ids = async (state?: string) =>
      (await s.admin.get<{ id: string }[]>('/booking/filter/', { ...window, ...(state ? { state } : {}) }))
        .map((b) => b.id)
        .sort();
    expect(await ids()).toEqual([checkedIn, released, neither].sort());
    expect(await ids('checked-in')).toEqual([checkedIn]);
    expect(await ids('released')).toEqual([released]);
    expect(await ids('not-checked-in')).toEqual([neither]);
    await refused(s.admin.get('/booking/filter/', { ...window, state: 'gone' }), 400);
    const now = (await s.admin.get<{ id: string }[]>('/booking/current/', { state: 'released' })).map((b) => b.id);
    expect(now).toEqual([released]);

    const res = await fetch(
      `${s.url}/booking/export/?start=${encodeURIComponent(window.start)}&end=${encodeURIComponent(window.end)}&state=released`,
      { headers: { authorization: `Bearer ${s.admin.store.load()!.accessToken}` } },
    );
    const [header, line, more] = (await res.text()).trim().split('\r\n');
    expect(header!.split(',').slice(-3)).toEqual(['checked_in_at', 'released_at', 'release_reason']);
    expect(line!.startsWith(`${released},`)).toBe(true);
    expect(line!.endsWith(',no-show')).toBe(true);
    expect(more).toBeUndefined();
  });
});

describe('the availability the map reads', () => {
  it("says which bookings' people have checked in", async () => {
    const checkedIn = await bookingStarting(-10, 2);
    const notYet = await bookingStarting(5, 2, floor.spaces[1]);
    await (await s.signIn(OWNER)).post(`/booking/${checkedIn}/checkin`, {});
    const spaces = await (
      await s.signIn(OTHER)
    ).get<{ id: string; bookings: { id: string; checkedIn?: boolean }[] }[]>(
      `/location/${floor.locationId}/space/availability`,
      { enter: wall(Z, -1, 0), leave: wall(Z, 2, 0) },
    );
    const bookings = spaces.flatMap((sp) => sp.bookings);
    expect(bookings.find((b) => b.id === checkedIn)?.checkedIn).toBe(true);
    expect(bookings.find((b) => b.id === notYet)?.checkedIn).toBe(false);
  });
});

describe("the owner's history (GET /booking/history/)", () => {
  interface Listed {
    id: string;
    checkedInAt: string | null;
    releasedAt: string | null;
    releaseReason: string | null;
  }
  const history = async (days?: number) =>
    (await s.signIn(OWNER)).get<Listed[]>('/booking/history/', days === undefined ? {} : { days });

  it('keeps the bookings that ended, the latest first, with their check-in outcome: a released no-show among them', async () => {
    const longAgo = await bookingStarting(-3 * 24 * 60, 1, floor.spaces[2]);
    const checkedOut = await bookingStarting(-30, 4, floor.spaces[1]);
    const owner = await s.signIn(OWNER);
    await owner.post(`/booking/${checkedOut}/checkin`, {});
    await owner.post(`/booking/${checkedOut}/checkout`);
    // Checking out ends the booking at the next whole minute; that minute passes.
    await s.deps.db
      .updateTable('bookings')
      .set({ leave_at: new Date(Date.now() - 1000) })
      .where('id', '=', checkedOut)
      .execute();
    const noShow = await bookingStarting(-40, 4);
    expect(await releaseNoShows(s.deps)).toBe(1);
    const upcoming = await bookingStarting(120, 1, floor.spaces[2]);

    const listed = await history();
    // The released one ended when it was released: it left the upcoming list for the history.
    expect(listed.map((b) => b.id)).toEqual(expect.arrayContaining([noShow, checkedOut, longAgo]));
    expect(listed.map((b) => b.id)).not.toContain(upcoming);
    expect(listed.map((b) => b.id).at(-1)).toBe(longAgo);
    expect((await owner.get<{ id: string }[]>('/booking/')).map((b) => b.id)).toEqual([upcoming]);
    const released = listed.find((b) => b.id === noShow)!;
    expect(released.releaseReason).toBe('no-show');
    expect(released.releasedAt).not.toBeNull();
    expect(listed.find((b) => b.id === checkedOut)!.checkedInAt).not.toBeNull();

    expect((await history(1)).map((b) => b.id)).not.toContain(longAgo);
    // Only the caller's own.
    expect(await (await s.signIn(OTHER)).get<Listed[]>('/booking/history/')).toEqual([]);
  });

  it('refuses a reach it does not offer', async () => {
    await refused((await s.signIn(OWNER)).get('/booking/history/', { days: 0 }), 400);
    await refused((await s.signIn(OWNER)).get('/booking/history/', { days: 91 }), 400);
    await refused((await s.signIn(OWNER)).get('/booking/history/', { days: 'week' }), 400);
  });
});

describe('GET /stats/checkin', () => {
  interface AreaFigures {
    locationId: string;
    bookings: number;
    checkedIn: number;
    released: number;
    rebooked: number;
  }
  /** This week's and last week's figures of the floor, added (a run at the turn of a week). */
  const figures = async () => {
    // Statistics are cached for a minute; these figures are read as they stand.
    await s.deps.db.deleteFrom('stats_cache').execute();
    const sum = { bookings: 0, checkedIn: 0, released: 0, rebooked: 0 };
    for (const period of ['thisWeek', 'lastWeek']) {
      const { areas } = await s.admin.get<{ areas: AreaFigures[] }>('/stats/checkin', { period });
      const floorFigures = areas.find((a) => a.locationId === floor.locationId)!;
      for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += floorFigures[key];
    }
    return sum;
  };

  it('counts check-ins, releases and released spaces booked again, per area', async () => {
    const checkedIn = await bookingStarting(-5, 2);
    await (await s.signIn(OWNER)).post(`/booking/${checkedIn}/checkin`, {});
    const missed = await bookingStarting(-40, 2, floor.spaces[1]);
    const releasedAt = new Date(Date.now() - 10 * 60_000);
    const before = await row(missed);
    await s.deps.db
      .updateTable('bookings')
      .set({
        released_at: releasedAt,
        release_reason: 'no-show',
        leave_at: releasedAt,
        booked_leave_at: before.leave_at,
      })
      .where('id', '=', missed)
      .execute();
    expect(await figures()).toEqual({ bookings: 2, checkedIn: 1, released: 1, rebooked: 0 });
    // A colleague takes the freed desk (booked now, after the release).
    const taken = await bookingStarting(-5, 1, floor.spaces[1]);
    await s.deps.db.updateTable('bookings').set({ created_at: new Date() }).where('id', '=', taken).execute();
    expect(await figures()).toMatchObject({ bookings: 3, released: 1, rebooked: 1 });
    await refused((await s.signIn(OWNER)).get('/stats/checkin'), 403);
    await refused(s.admin.get('/stats/checkin', { period: 'someday' }), 400);
  });
});
