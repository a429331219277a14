import type { Db } from '../../db/connection.js';
import type { RecurringBookingRow } from '../../db/schema.js';

export async function findSeries(db: Db, id: string): Promise<RecurringBookingRow | undefined> {
  return db.selectFrom('recurring_bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSeries(
  db: Db,
  s: Pick<
    RecurringBookingRow,
    'user_id' | 'space_id' | 'subject' | 'enter_at' | 'leave_at' | 'end_at' | 'cadence' | 'cycle' | 'weekdays'
  >,
): Promise<string> {
  const row = await db.insertInto('recurring_bookings').values(s).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
