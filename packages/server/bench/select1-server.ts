// Bare Fastify routes through the same database layer as Perch, the ceilings the real
// endpoints are measured against: `SELECT 1`, and the least a booking write can be (one
// INSERT of a booking in its own transaction: no sign-in, no rules, no locks, no hooks).
import Fastify from 'fastify';
import { sql } from 'kysely';
import { openPglite, openPostgres } from '../src/db/connection.js';

const url = process.env.DATABASE_URL;
const handle = url
  ? await openPostgres(url, Number(process.env.DATABASE_POOL_SIZE ?? 20))
  : await openPglite(undefined);
const app = Fastify();
app.get('/select1', async () => {
  const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
  return { one: rows[0]?.one };
});
app.post('/insert-booking', async (req) => {
  const b = req.body as { spaceId: string; enter: string; leave: string };
  const { rows } = await sql<{ id: string }>`
    INSERT INTO bookings (organization_id, location_id, space_id, user_id, enter_at, leave_at, subject, approved)
    SELECT l.organization_id, s.location_id, s.id,
      (SELECT u.id FROM users u WHERE u.organization_id = l.organization_id ORDER BY u.email LIMIT 1),
      ${b.enter}::timestamptz, ${b.leave}::timestamptz, '', true
    FROM spaces s JOIN locations l ON l.id = s.location_id WHERE s.id = ${b.spaceId}
    RETURNING id`.execute(handle.db);
  return { id: rows[0]?.id };
});
app.get('/healthcheck', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
