import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, bookingMovedTo, createFloor, setSettings, type Floor } from '../test-support/bookings.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../test-support/server.js';
import { noShowReleaseJob } from './no-show-release.js';
import { runIfDue } from './scheduler.js';

let s: TestServer;
let floor: Floor;
const Z = 'Europe/Berlin';
const OWNER = 'noshow-owner@test.perch.local';
const COLLEAGUE = 'noshow-colleague@test.perch.local';
let clock = Date.now();

beforeAll(async () => {
  s = await startTestServer();
  await s.reset();
  floor = await createFloor(s, { zone: Z, desks: 3 });
  await setSettings(s, { max_days_in_advance: '60', max_bookings_per_user: '50' });
  await s.createUser({ email: OWNER, password: TEST_PASSWORD });
  await s.createUser({ email: COLLEAGUE, password: TEST_PASSWORD });
});
afterAll(() => s.close());

beforeEach(async () => {
  await s.deps.db.deleteFrom('bookings').execute();
  await s.deps.db.deleteFrom('job_runs').execute();
  await setSettings(s, {
    checkin_mode: '1',
    checkin_grace_minutes: '30',
    checkin_release: '1',
    checkin_exempt_long: '0',
  });
});

/** A booking of the owner's that started `startedMinutesAgo` before now, made a day earlier. */
const bookingThatStarted = async (startedMinutesAgo: number, hours = 4, space = floor.spaces[0]!): Promise<string> =>
  bookingMovedTo(s, await s.signIn(OWNER), space, Z, -startedMinutesAgo, hours);

const row = (id: string) => s.deps.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Runs the job as the scheduler does, each time as if its interval had passed. */
const runJob = () => runIfDue(s.deps, noShowReleaseJob, new Date((clock += 31_000)));

describe('the no-show release job', () => {
  it('releases a booking nobody checked in to once the grace has passed, not before', async () => {
    const missed = await bookingThatStarted(31);
    const inGrace = await bookingThatStarted(29, 4, floor.spaces[1]);
    expect(await runJob()).toBe(true);
    const released = await row(missed);
    expect(released.released_at).toBeInstanceOf(Date);
    expect(released.release_reason).toBe('no-show');
    expect(released.booked_leave_at).not.toBeNull();
    expect(released.leave_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await row(inGrace)).released_at).toBeNull();
  });

  it('frees the desk for a colleague at once', async () => {
    await bookingThatStarted(45, 4);
    await runJob();
    const colleague = await s.signIn(COLLEAGUE);
    const from = DateTime.now().setZone(Z).plus({ minutes: 5 }).startOf('minute');
    const wallClock = (t: DateTime) => `${t.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;
    // Before the release this overlapped the missed booking; now the rest of its slot is free.
    await expect(
      book(colleague, floor.spaces[0]!, wallClock(from), wallClock(from.plus({ minutes: 30 }))),
    ).resolves.toBeTruthy();
  });

  it('leaves checked-in, exempt, off and keep-only bookings alone', async () => {
    const checkedIn = await bookingThatStarted(40);
    await s.deps.db.updateTable('bookings').set({ checked_in_at: new Date() }).where('id', '=', checkedIn).execute();
    const long = await bookingThatStarted(40, 8, floor.spaces[1]);
    await setSettings(s, { checkin_exempt_long: '1' });
    await runJob();
    expect((await row(checkedIn)).released_at).toBeNull();
    expect((await row(long)).released_at).toBeNull();

    await setSettings(s, { checkin_exempt_long: '0', checkin_release: '0' });
    const kept = await bookingThatStarted(40, 4, floor.spaces[2]);
    await runJob();
    expect((await row(kept)).released_at).toBeNull();

    await setSettings(s, { checkin_release: '1', checkin_mode: '0' });
    await runJob();
    expect((await row(kept)).released_at).toBeNull();
  });

  it('counts a booking made inside the check-in window as checked in', async () => {
    const id = await bookingThatStarted(40);
    const enter = (await row(id)).enter_at;
    await s.deps.db
      .updateTable('bookings')
      .set({ created_at: new Date(enter.getTime() - 5 * 60_000) })
      .where('id', '=', id)
      .execute();
    await runJob();
    expect((await row(id)).released_at).toBeNull();
  });

  it('releases each booking once when several runs race', async () => {
    const id = await bookingThatStarted(40);
    const first = (await row(id)).leave_at;
    const now = new Date((clock += 31_000));
    const ran = await Promise.all([
      runIfDue(s.deps, noShowReleaseJob, now),
      runIfDue(s.deps, noShowReleaseJob, now),
      runIfDue(s.deps, noShowReleaseJob, now),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    const after = await row(id);
    expect(after.booked_leave_at).toEqual(first);
    await runJob();
    expect((await row(id)).released_at).toEqual(after.released_at);
  });
});
