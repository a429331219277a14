import { Role } from '@perch/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction, withTransaction } from '../../db/transaction.js';
import { authContextOf } from '../../test-support/auth.js';
import { createFloor, wall, type Floor } from '../../test-support/bookings.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { createSeries, deleteSeries } from '../../test-support/feature-internals.js';
import { decideApproval } from './approve-booking.js';
import { createBooking } from './create-booking.js';
import { cancelBooking } from './delete-booking.js';
import { changeBooking } from './update-booking.js';
import type { BookingChange, BookingHook } from './write.js';

/**
 * The booking core without HTTP: the operations take the acting user and run inside a
 * caller's transaction, as a job or a script would call them, and every write reaches the
 * booking hooks in that transaction.
 */
let s: TestServer;
let floor: Floor;
let auth: AuthContext;
const Z = 'Europe/Berlin';

const bookingIds = async (deps: AppDeps) =>
  (await deps.db.selectFrom('bookings').select('id').where('space_id', 'in', floor.spaces).execute()).map((b) => b.id);

beforeAll(async () => {
  s = await startTestServer();
  floor = await createFloor(s, { zone: Z });
  auth = await authContextOf(s.deps.db, await s.createUser({ email: 'plain@test.perch.local', role: Role.User }));
});
afterAll(() => s.close());

describe('booking operations called from plain code', () => {
  it('create, change and cancel a booking inside one transaction', async () => {
    await s.deps.db.transaction().execute(async (trx) => {
      const tx = withTransaction(s.deps, trx);
      const id = await createBooking(tx, auth, {
        spaceId: floor.spaces[0]!,
        enter: wall(Z, 1, 9),
        leave: wall(Z, 1, 10),
        subject: '',
      });
      const created = await trx.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(created.user_id).toBe(auth.userId);

      await changeBooking(tx, auth, {
        id,
        booking: { spaceId: floor.spaces[1]!, enter: wall(Z, 1, 11), leave: wall(Z, 1, 12), subject: 'Review' },
      });
      const changed = await trx.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect([changed.space_id, changed.subject]).toEqual([floor.spaces[1], 'Review']);
      // Wall clock in, instant stored: 11:00 in Berlin.
      expect(changed.enter_at.getTime()).toBe(DateTime.fromISO(wall(Z, 1, 11).slice(0, -1), { zone: Z }).toMillis());

      await cancelBooking(tx, auth, id);
      expect(await trx.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    });
    expect(await bookingIds(s.deps)).toEqual([]);
  });

  it('leaves nothing behind when the caller rolls its transaction back', async () => {
    await expect(
      s.deps.db.transaction().execute(async (trx) => {
        await createBooking(withTransaction(s.deps, trx), auth, {
          spaceId: floor.spaces[0]!,
          enter: wall(Z, 2, 9),
          leave: wall(Z, 2, 10),
          subject: '',
        });
        throw new Error('the job changed its mind');
      }),
    ).rejects.toThrow('the job changed its mind');
    expect(await bookingIds(s.deps)).toEqual([]);
  });

  it('refuses what HTTP refuses, with the same error', async () => {
    const first = await createBooking(s.deps, auth, {
      spaceId: floor.spaces[2]!,
      enter: wall(Z, 3, 9),
      leave: wall(Z, 3, 11),
      subject: '',
    });
    const other = await authContextOf(
      s.deps.db,
      await s.createUser({ email: 'other@test.perch.local', role: Role.User }),
    );
    const err = await inTransaction(s.deps, (tx) =>
      createBooking(tx, other, {
        spaceId: floor.spaces[2]!,
        enter: wall(Z, 3, 10),
        leave: wall(Z, 3, 12),
        subject: '',
      }),
    ).catch((e: { statusCode: number; appCode: number }) => e);
    expect(err).toMatchObject({ statusCode: 409, appCode: 1001 });
    const refusal = await cancelBooking(s.deps, other, first).catch((e: { statusCode: number }) => e);
    expect(refusal).toMatchObject({ statusCode: 403 });
    await cancelBooking(s.deps, auth, first);
  });
});

describe('booking hooks', () => {
  function recordingDeps(): {
    deps: AppDeps;
    seen: { change: BookingChange; inTransaction: boolean; actor: string | null }[];
  } {
    const seen: { change: BookingChange; inTransaction: boolean; actor: string | null }[] = [];
    const hook: BookingHook = async (tx, change, actor) => {
      seen.push({ change, inTransaction: tx.db.isTransaction, actor: actor?.userId ?? null });
    };
    return { deps: { ...s.deps, bookingHooks: [hook] }, seen };
  }

  it('hear every write in its transaction: created, updated, approved, removed', async () => {
    const { deps, seen } = recordingDeps();
    const id = await createBooking(deps, auth, {
      spaceId: floor.spaces[0]!,
      enter: wall(Z, 4, 9),
      leave: wall(Z, 4, 10),
      subject: '',
    });
    await changeBooking(deps, auth, {
      id,
      booking: { spaceId: floor.spaces[0]!, enter: wall(Z, 4, 10), leave: wall(Z, 4, 11), subject: '' },
    });
    await cancelBooking(deps, auth, id);
    expect(seen.map((x) => x.change.kind)).toEqual(['created', 'updated', 'removed']);
    expect(seen.every((x) => x.inTransaction && x.actor === auth.userId)).toBe(true);
    const updated = seen[1]!.change;
    expect(
      updated.kind === 'updated' && [updated.before.enter_at < updated.booking.enter_at, updated.booking.id],
    ).toEqual([true, id]);
    expect(seen[2]!.change).toMatchObject({ kind: 'removed', reason: 'cancelled', booking: { id } });
  });

  it('hear approvals, declines, each occurrence of a series and the series as a whole', async () => {
    const { deps, seen } = recordingDeps();
    const admin = await authContextOf(
      s.deps.db,
      await s.createUser({ email: 'approver@test.perch.local', role: Role.SpaceAdmin }),
    );
    const group = (await s.admin.post('/group/', { name: 'Approvers' })).objectId!;
    await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[1]}/approver`, [group]);
    const a = await createBooking(deps, auth, {
      spaceId: floor.spaces[1]!,
      enter: wall(Z, 5, 9),
      leave: wall(Z, 5, 10),
      subject: '',
    });
    const b = await createBooking(deps, auth, {
      spaceId: floor.spaces[1]!,
      enter: wall(Z, 5, 11),
      leave: wall(Z, 5, 12),
      subject: '',
    });
    await s.admin.put(`/group/${group}/member`, [admin.userId]);
    await decideApproval(deps, admin, { id: a, approved: true });
    await decideApproval(deps, admin, { id: b, approved: false });
    expect(seen.slice(2).map((x) => [x.change.kind, x.actor])).toEqual([
      ['approved', admin.userId],
      ['removed', admin.userId],
    ]);
    expect(seen[3]!.change).toMatchObject({ kind: 'removed', reason: 'declined' });
    await s.admin.post(`/location/${floor.locationId}/space/${floor.spaces[1]}/approver/remove`, [group]);

    seen.length = 0;
    const { results } = await createSeries(deps, auth, {
      spaceId: floor.spaces[2]!,
      subject: '',
      enter: wall(Z, 6, 9),
      leave: wall(Z, 6, 10),
      end: wall(Z, 9, 0),
      cadence: 1,
      cycle: 1,
      weekdays: [],
    });
    const booked = results.filter((r) => r.success).map((r) => r.id);
    expect(booked.length).toBeGreaterThan(0);
    expect(seen.slice(0, -1).map((x) => x.change.kind === 'created' && x.change.booking.id)).toEqual(booked);
    const whole = seen.at(-1)!.change;
    expect(whole.kind === 'series-created' && whole.occurrences.map((o) => o.id)).toEqual(booked);

    seen.length = 0;
    const seriesId = whole.kind === 'series-created' ? whole.seriesId : '';
    await deleteSeries(deps, auth, seriesId);
    const ended = seen.at(-1)!.change;
    expect(ended).toMatchObject({ kind: 'series-ended', seriesId });
    expect(ended.kind === 'series-ended' && ended.removed.map((o) => o.id).sort()).toEqual([...booked].sort());
    expect(seen.slice(0, -1).map((x) => x.change.kind === 'removed' && x.change.reason)).toEqual(
      booked.map(() => 'series-ended'),
    );
  });

  it('undo the write when they fail', async () => {
    const failing: BookingHook = async () => {
      throw new Error('outbox unavailable');
    };
    const deps = { ...s.deps, bookingHooks: [failing] };
    const before = await bookingIds(s.deps);
    await expect(
      createBooking(deps, auth, {
        spaceId: floor.spaces[0]!,
        enter: wall(Z, 7, 9),
        leave: wall(Z, 7, 10),
        subject: '',
      }),
    ).rejects.toThrow('outbox unavailable');
    expect(await bookingIds(s.deps)).toEqual(before);
  });
});
