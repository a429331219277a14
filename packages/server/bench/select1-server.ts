// A bare Fastify route that runs `SELECT 1` through the same database layer as Perch:
// the ceiling the real endpoints are measured against.
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
app.get('/healthcheck', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
