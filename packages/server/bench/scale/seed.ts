// `npm run bench:seed -- [--orgs N] [--small] [--append]`: loads the dataset shape of
// Seatsurfing's own performance test straight into the PostgreSQL of DATABASE_URL.
//
// Full scale, per organisation: 1,000 users, 5 areas × 500 spaces, 200,000 bookings.
// --small (the reference's small scale): 5 organisations × 100 users × 50 spaces × 2,000 bookings.
// Bookings lie within ±180 days of now (30 % within ±14 days), last 30 min – 8 h, 90 % approved;
// 20 % of the spaces take 60 % of them; no two bookings of a space overlap (drawn again).
// Secondary indexes and the overlap constraint are dropped while loading and rebuilt after.
// Known passwords: see ./dataset.ts (org admin, space admin, users; super admin in org 1).
// --embedded DIR loads an embedded database folder instead (small scale), for `bench:measure -- --embedded DIR`.
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { openPglite } from '../../src/db/connection.js';
import type { Database } from '../../src/db/schema.js';
import { migrate } from '../../src/db/migrate.js';
import {
  hashPassword,
  DEFAULT_PASSWORD_HASH_MEMORY_KIB,
  DEFAULT_PASSWORD_HASH_PASSES,
} from '../../src/lib/password.js';
import { insertDefaultSettings } from '../../src/organization/settings/repo.js';
import { insertDefaultPreferences } from '../../src/identity/preferences/repo.js';
import { random } from './common.js';
import {
  BENCH_PASSWORD,
  orgDomain,
  scaleOf,
  userEmail,
  writeManifest,
  ZONE,
  type Scale,
  type SeededOrg,
} from './dataset.js';

const DAY = 86_400_000;
const HALF_HOUR = 1_800_000;

type Value = string | number | boolean | null;

/** Rows for COPY … FROM STDIN (text format): tab-separated, \N for null. */
function copyLine(values: Value[]): string {
  return (
    values
      .map((v) => (v === null ? '\\N' : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v).replace(/[\\\t\n]/g, ' ')))
      .join('\t') + '\n'
  );
}

/** Writes rows into a table: COPY on PostgreSQL, multi-row INSERTs on the embedded database. */
type RowWriter = (table: string, columns: string[], rows: Iterable<Value[]>) => Promise<void>;

function copyWriter(pool: pg.Pool): RowWriter {
  return async (table, columns, rows) => {
    const client = await pool.connect();
    try {
      const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
      await pipeline(
        Readable.from(
          (function* () {
            for (const r of rows) yield copyLine(r);
          })(),
        ),
        stream,
      );
    } finally {
      client.release();
    }
  };
}

function insertWriter(db: Kysely<Database>): RowWriter {
  return async (table, columns, rows) => {
    let batch: Value[][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${sql.join(
        batch.map((r) => sql`(${sql.join(r)})`),
      )}`.execute(db);
      batch = [];
    };
    for (const r of rows) {
      batch.push(r);
      if (batch.length >= 500) await flush();
    }
    await flush();
  };
}

interface Interval {
  start: number;
  end: number;
}

/** The bookings of one organisation as COPY lines. */
function* bookingRows(
  scale: Scale,
  orgIndex: number,
  orgId: string,
  spaces: { id: string; locationId: string }[],
  userIds: string[],
  now: number,
): Generator<Value[]> {
  const rnd = random(1000 + orgIndex);
  const hotCount = Math.max(1, Math.round(spaces.length * 0.2));
  const taken = new Map<string, Interval[]>(); // space id + day → intervals
  const today = Math.floor(now / DAY) * DAY;
  const overlaps = (spaceId: string, start: number, end: number): boolean => {
    const day = Math.floor(start / DAY);
    for (const d of [day - 1, day, day + 1]) {
      for (const i of taken.get(`${spaceId}:${d}`) ?? []) if (i.start < end && start < i.end) return true;
    }
    return false;
  };
  let made = 0;
  while (made < scale.bookingsPerOrg) {
    // 60 % on the first 20 % of the spaces.
    const hot = rnd() < 0.6;
    const space = hot
      ? spaces[Math.floor(rnd() * hotCount)]!
      : (spaces[hotCount + Math.floor(rnd() * (spaces.length - hotCount))] ?? spaces[0]!);
    let placed: Interval | null = null;
    for (let attempt = 0; attempt < 25 && !placed; attempt++) {
      const near = rnd() < 0.3;
      const dayOffset = near ? Math.floor(rnd() * 29) - 14 : Math.floor(rnd() * 361) - 180;
      // Starts from 06:00 to 19:30 UTC, on the half hour; 30 min to 8 h.
      const start = today + dayOffset * DAY + 6 * 3_600_000 + Math.floor(rnd() * 28) * HALF_HOUR;
      const end = start + (1 + Math.floor(rnd() * 16)) * HALF_HOUR;
      if (!overlaps(space.id, start, end)) placed = { start, end };
    }
    if (!placed) continue; // a full space: draw another
    const key = `${space.id}:${Math.floor(placed.start / DAY)}`;
    const list = taken.get(key);
    if (list) list.push(placed);
    else taken.set(key, [placed]);
    made++;
    // The last person of each organisation books nothing (the scale-out benchmark counts their limit).
    const user = userIds[Math.floor(rnd() * (userIds.length - 1))]!;
    const approved = rnd() < 0.9;
    yield [
      randomUUID(),
      orgId,
      space.locationId,
      space.id,
      user,
      new Date(placed.start).toISOString(),
      new Date(placed.end).toISOString(),
      approved,
      '',
    ];
  }
}

/** What the exclusion constraint and the secondary indexes of `bookings` are, to rebuild them. */
async function bookingIndexes(db: Kysely<Database>): Promise<{ drop: string[]; create: string[] }> {
  const { rows: constraints } = await sql<{ name: string; def: string }>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = 'bookings'::regclass AND contype = 'x'`.execute(db);
  const { rows: indexes } = await sql<{ name: string; def: string }>`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
    WHERE x.indrelid = 'bookings'::regclass AND NOT x.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`.execute(db);
  return {
    drop: [
      ...constraints.map((c) => `ALTER TABLE bookings DROP CONSTRAINT ${c.name}`),
      ...indexes.map((i) => `DROP INDEX ${i.name}`),
    ],
    create: [
      ...indexes.map((i) => i.def),
      ...constraints.map((c) => `ALTER TABLE bookings ADD CONSTRAINT ${c.name} ${c.def}`),
    ],
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const embeddedDir = opt('--embedded');
  const url = process.env.DATABASE_URL;
  if (!embeddedDir && !url?.startsWith('postgres')) {
    console.error(
      'bench:seed needs DATABASE_URL=postgres://… (e.g. eval "$(scripts/pg-throwaway.sh start 55499)"), or --embedded DIR',
    );
    process.exit(2);
  }
  const orgsArg = opt('--orgs');
  const scale = scaleOf(args.includes('--small') || embeddedDir !== undefined, orgsArg ? Number(orgsArg) : undefined);
  const append = args.includes('--append');

  const started = Date.now();
  let db: Kysely<Database>;
  let write: RowWriter;
  let close: () => Promise<void>;
  if (embeddedDir) {
    const handle = await openPglite(embeddedDir);
    db = handle.db;
    write = insertWriter(db);
    close = () => handle.close();
  } else {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    write = copyWriter(pool);
    close = () => db.destroy();
  }
  try {
    await migrate(db);
    const existing = (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM organizations WHERE name LIKE 'Bench org %'`.execute(db)
    ).rows[0]!.n;
    if (!append && existing > 0) {
      console.error(
        'The database already holds a bench dataset: use a fresh database, or --append to add organisations.',
      );
      process.exit(2);
    }
    const first = append ? existing : 0;
    const hash = await hashPassword(BENCH_PASSWORD, {
      PASSWORD_HASH_MEMORY_KIB: DEFAULT_PASSWORD_HASH_MEMORY_KIB,
      PASSWORD_HASH_PASSES: DEFAULT_PASSWORD_HASH_PASSES,
    });
    const indexes = await bookingIndexes(db);
    for (const stmt of indexes.drop) await sql.raw(stmt).execute(db);
    const now = Date.now();
    const seeded: SeededOrg[] = [];
    for (let o = first; o < first + scale.orgs; o++) {
      const orgStarted = Date.now();
      const orgId = randomUUID();
      await db
        .insertInto('organizations')
        .values({ id: orgId, name: `Bench org ${o + 1}`, contact_email: userEmail(o, 0), language: 'en' })
        .execute();
      await db
        .insertInto('organization_domains')
        .values({ organization_id: orgId, domain: orgDomain(o), active: true, is_primary: true })
        .execute();
      await insertDefaultSettings(db, orgId);
      // The benchmark books many desks per person, far ahead.
      for (const [name, value] of [
        ['max_bookings_per_user', '9999'],
        ['max_days_in_advance', '400'],
      ] as const)
        await db
          .updateTable('settings')
          .set({ value })
          .where('organization_id', '=', orgId)
          .where('name', '=', name)
          .execute();
      // Users: 0 = org admin (super admin in the first organisation), 1 = space admin, others users.
      const userIds = Array.from({ length: scale.usersPerOrg }, () => randomUUID());
      const role = (i: number) => (i === 0 ? (o === 0 ? 90 : 20) : i === 1 ? 10 : 0);
      await write(
        'users',
        ['id', 'organization_id', 'email', 'password_hash', 'role', 'firstname', 'lastname'],
        userIds.map((id, i) => [id, orgId, userEmail(o, i), hash, role(i), 'Bench', `User ${i}`]),
      );
      // Default preferences exactly as user creation writes them.
      for (const id of userIds) await insertDefaultPreferences(db, id, false);
      // Areas and spaces: a grid of desks per area.
      const spaces: { id: string; locationId: string }[] = [];
      const areaRows: Value[][] = [];
      const spaceRows: Value[][] = [];
      const cols = Math.ceil(Math.sqrt(scale.spacesPerArea));
      for (let a = 0; a < scale.areasPerOrg; a++) {
        const locationId = randomUUID();
        areaRows.push([
          locationId,
          orgId,
          `Area ${a + 1}`,
          ZONE,
          cols * 60,
          Math.ceil(scale.spacesPerArea / cols) * 40,
        ]);
        for (let s = 0; s < scale.spacesPerArea; s++) {
          const id = randomUUID();
          spaces.push({ id, locationId });
          spaceRows.push([id, locationId, `Desk ${s + 1}`, (s % cols) * 60, Math.floor(s / cols) * 40, 50, 30]);
        }
      }
      await write('locations', ['id', 'organization_id', 'name', 'timezone', 'map_width', 'map_height'], areaRows);
      await write('spaces', ['id', 'location_id', 'name', 'x', 'y', 'width', 'height'], spaceRows);
      await write(
        'bookings',
        ['id', 'organization_id', 'location_id', 'space_id', 'user_id', 'enter_at', 'leave_at', 'approved', 'subject'],
        bookingRows(scale, o, orgId, spaces, userIds, now),
      );
      seeded.push({
        id: orgId,
        domain: orgDomain(o),
        areas: areaRows.map((r) => r[0] as string),
        spaces: spaces.map((s) => s.id),
        userEmails: Array.from({ length: Math.min(200, scale.usersPerOrg) }, (_, i) => userEmail(o, i)),
      });
      console.log(
        `organisation ${o + 1}: ${scale.usersPerOrg} users, ${spaces.length} spaces, ${scale.bookingsPerOrg} bookings in ${((Date.now() - orgStarted) / 1000).toFixed(1)} s`,
      );
    }
    const loaded = Date.now();
    console.log("rebuilding the bookings' indexes and overlap constraint…");
    for (const stmt of indexes.create) await sql.raw(stmt).execute(db);
    await sql`VACUUM ANALYZE`.execute(db);
    const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings`.execute(db)).rows[0]!.n;
    if (embeddedDir) writeManifest(embeddedDir, seeded);
    console.log(
      `loaded ${scale.orgs} organisations (${scale.orgs * scale.bookingsPerOrg} bookings; ${total} in the database) in ${((loaded - started) / 1000).toFixed(1)} s, indexes in ${((Date.now() - loaded) / 1000).toFixed(1)} s, total ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await close();
  }
}

await main();
