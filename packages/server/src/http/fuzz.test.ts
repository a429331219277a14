import type { AddressInfo } from 'node:net';
import type { PerchClient } from '@perch/client';
import {
  DATE_FORMATS,
  PREFERENCE_NAMES,
  PREFERENCES,
  Role,
  SETTING_NAMES,
  SETTINGS,
  SYSTEM_SETTINGS,
  type PreferenceDefinition,
  type SettingDefinition,
} from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-context.js';
import { buildApp } from '../app.js';
import { createSession, issueCredentials } from '../test-support/feature-internals.js';
import { wall } from '../test-support/bookings.js';
import {
  buildCase,
  operationsOf,
  pool,
  Rng,
  send,
  show,
  type FuzzCase,
  type FuzzResponse,
  type Hints,
  type JsonSchema,
  type Operation,
} from '../test-support/fuzz.js';
import { png } from '../test-support/images.js';
import { createOrganization } from '../test-support/organizations.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

/**
 * Fuzzing: every operation of the OpenAPI document gets generated bad input — wrong types,
 * numbers at and beyond every edge, hostile unicode, deep nesting, long strings, ids of the
 * wrong shape, kind or organisation, impossible dates and zones, extra and missing properties,
 * bad content types, broken JSON and random bytes — in path, query and body, derived from the
 * operation's schemas. It is sent as an org admin and a plain user of a second organisation
 * (and, fewer cases, as the super admin). No answer may be a 5xx, and none may hang.
 *
 * Reproduce: the seed is printed; `FUZZ_SEED=<n>` replays a run's inputs, `FUZZ_ONLY=<regex>`
 * (matched against "METHOD /path") narrows it, `FUZZ_CASES=<n>` sets the cases per operation
 * and role. Failures list the exact request and the server's error.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_fa22);
const CASES = Number(process.env.FUZZ_CASES ?? 46);
/** The super admin gets fewer cases: its reach is the other roles' plus the organisation routes. */
const SUPER_CASES = Math.max(1, Math.round(CASES / 6));
/** Extra cases of random bytes for the raw image upload. */
const MAP_BYTES_CASES = 3 * CASES;
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6);
const TIMEOUT_MS = 10_000;
const ROUNDS = 20;
/** `FUZZ_STATS=1` prints the answers per operation and role. */
const STATS = process.env.FUZZ_STATS === '1';

type Kind = 'user' | 'org' | 'location' | 'space' | 'group' | 'attribute' | 'booking' | 'recurring' | 'buddy';
const KINDS: Kind[] = ['user', 'org', 'location', 'space', 'group', 'attribute', 'booking', 'recurring', 'buddy'];

interface Identity {
  name: 'orgAdmin' | 'user' | 'superAdmin';
  userId: string;
  email: string;
  role: number;
  orgId: string;
  token: string;
  sessionId: string;
  repairing: Promise<void> | undefined;
  repairs: number;
}

interface Throwaway {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

let s: TestServer;
/** The application under fuzz: a second app on the same dependencies, with its error log captured. */
let fuzzApp: App;
let base = '';
const errorLog: string[] = [];
let ops: Operation[] = [];
const validPng = png(4, 3);

let org2 = '';
let fixtureAdmin: PerchClient;
type Pools = Record<Kind, string[]> & { emails: string[]; spacesOf: Map<string, string[]> };
const emptyPools = (): Pools => ({
  user: [],
  org: [],
  location: [],
  space: [],
  group: [],
  attribute: [],
  booking: [],
  recurring: [],
  buddy: [],
  emails: [],
  spacesOf: new Map(),
});
/** Real ids per organisation: the org admin and user act in the second, the super admin in the first. */
const pools = { org1: emptyPools(), org2: emptyPools() };
const domains = ['fuzz.example', 'test.perch.local', 'unknown.example', 'FUZZ.EXAMPLE', 'fuzz.example.'];
const who: Record<Identity['name'], Identity> = {} as Record<Identity['name'], Identity>;

/** Objects of the second organisation the cases aim at; re-created when the fuzz deletes them. */
const fx = {
  locations: ['', ''],
  /** Spaces 0 and 1 are in area 0, space 2 in area 1; space 1 needs approval. */
  spaces: ['', '', ''],
  attributes: ['', '', ''],
  groups: ['', ''],
  spareUsers: ['', ''],
  bookings: ['', ''],
  recurring: [''],
  buddies: [''],
};
const FX_ZONES = ['Europe/Berlin', 'Pacific/Chatham'];
const spaceArea = (i: number) => (i === 2 ? 1 : 0);
/** Objects of the first organisation (another tenant for the second one). */
const foreign = { location: '', space: '', group: '', attribute: '', booking: '', user: '' };
const ZONE = 'Europe/Berlin';
const KNOWN_PASSWORD = 'Fuzz!known-pw1';
/** The email of the account with the known password. */
let knownEmail = '';

// ---------------------------------------------------------------------------------------------
// Sessions, identities and fixtures.

/** Runs `fn` again when it fails: the fuzz deletes and changes rows concurrently (deadlocks on PostgreSQL). */
async function retry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts) throw e;
      await new Promise((r) => setTimeout(r, 20 * i));
    }
  }
}

/** A new session of a user, made directly (sign-in is throttled and fuzzed itself). */
function mint(userId: string): Promise<Throwaway> {
  return retry(() => mintOnce(userId));
}

async function mintOnce(userId: string): Promise<Throwaway> {
  const user = await s.deps.db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sessionId = await createSession(s.deps, userId, 'fuzz', s.config.MAX_SESSIONS_PER_USER);
  const t = await issueCredentials(s.deps, user, sessionId);
  return { accessToken: t.accessToken, refreshToken: t.refreshToken, sessionId };
}

async function api<T = unknown>(token: string, method: string, path: string, body?: unknown) {
  const res = await send(
    base,
    {
      method,
      url: path,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? Buffer.from(JSON.stringify(body)) : undefined,
    },
    TIMEOUT_MS,
  );
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.error ?? res.body}`);
  return (res.body ? JSON.parse(res.body) : undefined) as T;
}

const exists = async (table: 'users' | 'locations' | 'spaces' | 'space_attributes' | 'groups', id: string) =>
  id !== '' && (await s.deps.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** Creates a user of the second organisation through the API and returns its id. */
async function newUser(email: string, role: number): Promise<string> {
  const existing = await s.deps.db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', org2)
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) return existing.id;
  const res = await fixtureAdmin.post('/user/', { email, role, firstname: 'Fuzz', lastname: 'User' });
  return res.objectId!;
}

/** Brings an identity back: its account (re-created if deleted, role restored) and a new session. */
function repair(id: Identity): Promise<void> {
  if (id.repairing) return id.repairing;
  id.repairs++;
  id.repairing = retry(async () => {
    const row = await s.deps.db.selectFrom('users').selectAll().where('id', '=', id.userId).executeTakeFirst();
    if (!row) id.userId = await newUser(`${id.name.toLowerCase()}-${id.repairs}@fuzz.example`, id.role);
    else if (row.role !== id.role || row.disabled)
      await s.deps.db
        .updateTable('users')
        .set({ role: id.role, disabled: false })
        .where('id', '=', id.userId)
        .execute();
    const fresh = await s.deps.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id.userId)
      .executeTakeFirstOrThrow();
    id.email = fresh.email;
    const t = await mint(id.userId);
    id.token = t.accessToken;
    id.sessionId = t.sessionId;
  }).finally(() => (id.repairing = undefined));
  return id.repairing;
}

async function tryCreate(what: string, fn: () => Promise<string>): Promise<string> {
  try {
    return await fn();
  } catch (e) {
    console.log(`fuzz: could not re-create ${what}: ${(e as Error).message.slice(0, 200)}`);
    return '';
  }
}

/** A booking `days` ahead on a free hour, or '' when the rules of the moment refuse one. */
async function bookSomewhere(token: string, spaceId: string, rng: Rng): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt < 6; attempt++) {
    const day = rng.int(1, 10);
    const hour = rng.int(6, 20);
    try {
      await api(token, 'POST', '/booking/', {
        spaceId,
        enter: wall(ZONE, day, hour),
        leave: wall(ZONE, day, hour + 1),
        subject: 'fuzz',
      });
      const row = await s.deps.db
        .selectFrom('bookings')
        .select('id')
        .where('space_id', '=', spaceId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.id ?? '';
    } catch (e) {
      last = (e as Error).message;
    }
  }
  console.log(`fuzz: could not book ${spaceId}: ${last.slice(0, 200)}`);
  return '';
}

/**
 * Makes sure every identity can act and every fixture exists; resets the second organisation's
 * settings (the fuzz changes them). Runs before each round.
 */
async function ensureWorld(rng: Rng): Promise<void> {
  for (const id of Object.values(who)) {
    const row = await s.deps.db.selectFrom('users').selectAll().where('id', '=', id.userId).executeTakeFirst();
    const session = await s.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', id.sessionId)
      .executeTakeFirst();
    if (!row || row.role !== id.role || row.disabled || !session) await repair(id);
  }
  // The fuzz changes the organisation's settings: back to the defaults, with room for bookings.
  const roomy: Record<string, string> = { max_days_in_advance: '60', max_bookings_per_user: '9999' };
  const settings = Object.entries(SETTINGS)
    .filter(([, d]) => d.writable && d.default !== null && !('secret' in d))
    .map(([name, d]) => ({ name, value: roomy[name] ?? d.default }));
  await fixtureAdmin
    .put('/setting/', settings)
    .catch((e: unknown) => console.log(`fuzz: could not reset the settings: ${String(e)}`));

  for (let i = 0; i < fx.spareUsers.length; i++)
    if (!(await exists('users', fx.spareUsers[i]!)))
      fx.spareUsers[i] = await tryCreate('a user', () => newUser(`spare${i}-${rng.int(0, 1e9)}@fuzz.example`, i * 10));
  // One account the fuzz knows the password of, so that some sign-ins succeed (with odd
  // headers and codes); failed sign-ins are forgotten so the throttle does not refuse them all.
  if (fx.spareUsers[0]) {
    await fixtureAdmin.put(`/user/${fx.spareUsers[0]}/password`, { password: KNOWN_PASSWORD }).catch(() => {});
    await s.deps.db
      .updateTable('users')
      .set({ password_update_required: false })
      .where('id', '=', fx.spareUsers[0])
      .execute();
  }
  await s.deps.db.deleteFrom('login_throttle').execute();
  for (let i = 0; i < fx.locations.length; i++) {
    const area = { enabled: true, timezone: FX_ZONES[i], bookableDays: [], allowedBookerGroupIds: [] };
    if (await exists('locations', fx.locations[i]!))
      // Undo what the fuzz changed (disabled, other zone, no bookable days …).
      await fixtureAdmin.put(`/location/${fx.locations[i]}`, { name: `Fuzz area ${i}`, ...area }).catch(() => {});
    else
      fx.locations[i] = await tryCreate('an area', async () => {
        return (await fixtureAdmin.post('/location/', { name: `Fuzz area ${i}`, ...area })).objectId!;
      });
  }
  for (let i = 0; i < fx.spaces.length; i++) {
    const loc = fx.locations[spaceArea(i)]!;
    if (!loc) continue;
    const desk = { name: `Desk ${i}`, enabled: true, requireSubject: false, allowedBookerGroupIds: [] };
    if (await exists('spaces', fx.spaces[i]!))
      await fixtureAdmin.put(`/location/${loc}/space/${fx.spaces[i]}`, desk).catch(() => {});
    else
      fx.spaces[i] = await tryCreate('a space', async () => {
        return (await fixtureAdmin.post(`/location/${loc}/space/`, desk)).objectId!;
      });
  }
  for (let i = 0; i < fx.attributes.length; i++)
    if (!(await exists('space_attributes', fx.attributes[i]!)))
      fx.attributes[i] = await tryCreate('an attribute', async () => {
        const res = await fixtureAdmin.post('/space-attribute/', {
          label: `Attr ${i} ${rng.int(0, 1e9)}`,
          type: i + 1,
          spaceApplicable: true,
          locationApplicable: true,
        });
        const id = res.objectId!;
        if (fx.locations[0]) await fixtureAdmin.post(`/location/${fx.locations[0]}/attribute/${id}`, { value: '3' });
        return id;
      });
  for (let i = 0; i < fx.groups.length; i++)
    if (!(await exists('groups', fx.groups[i]!)))
      fx.groups[i] = await tryCreate('a group', async () => {
        return (await fixtureAdmin.post('/group/', { name: `Fuzz group ${i} ${rng.int(0, 1e9)}` })).objectId!;
      });
  if (fx.groups[0]) {
    await fixtureAdmin.put(`/group/${fx.groups[0]}/member`, [who.user.userId, who.orgAdmin.userId]).catch(() => {});
    if (fx.spaces[1])
      await fixtureAdmin
        .put(`/location/${fx.locations[0]}/space/${fx.spaces[1]}/approver`, [fx.groups[0]])
        .catch(() => {});
  }

  const bookingAlive = async (id: string) =>
    id !== '' &&
    (await s.deps.db.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  if (!(await bookingAlive(fx.bookings[0]!)) && fx.spaces[1])
    fx.bookings[0] = await bookSomewhere(who.user.token, fx.spaces[1], rng);
  if (!(await bookingAlive(fx.bookings[1]!)) && fx.spaces[0])
    fx.bookings[1] = await bookSomewhere(who.orgAdmin.token, fx.spaces[0], rng);
  const rec = await s.deps.db
    .selectFrom('recurring_bookings')
    .select('id')
    .where('id', '=', fx.recurring[0] || NIL)
    .executeTakeFirst();
  if (!rec && fx.spaces[2])
    fx.recurring[0] = await tryCreate('a series', async () => {
      const day = rng.int(1, 7);
      const z = FX_ZONES[1]!;
      await api(who.user.token, 'POST', '/recurring-booking/', {
        spaceId: fx.spaces[2],
        enter: wall(z, day, 9),
        leave: wall(z, day, 10),
        end: wall(z, day + 21, 0),
        cadence: 1,
        cycle: 7,
      });
      const row = await s.deps.db
        .selectFrom('recurring_bookings')
        .select('id')
        .where('user_id', '=', who.user.userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.id ?? '';
    });
  const buddy = await s.deps.db
    .selectFrom('buddies')
    .select('id')
    .where('id', '=', fx.buddies[0] || NIL)
    .executeTakeFirst();
  if (!buddy && fx.spareUsers[0])
    fx.buddies[0] = await tryCreate('a buddy', async () => {
      await api(who.user.token, 'POST', '/buddy/', { buddyId: fx.spareUsers[0] }).catch(() => {});
      const row = await s.deps.db
        .selectFrom('buddies')
        .select('id')
        .where('owner_id', '=', who.user.userId)
        .executeTakeFirst();
      return row?.id ?? '';
    });

  const known = await s.deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', fx.spareUsers[0] || NIL)
    .executeTakeFirst();
  knownEmail = known?.email ?? 'nobody@fuzz.example';
  const live = (xs: string[]) => xs.filter((x) => x !== '');
  const fill = async (p: Pools, o: Omit<Pools, 'emails' | 'spacesOf'>, spacesOf: [string, string][]) => {
    Object.assign(p, o);
    p.spacesOf = new Map();
    for (const [loc, space] of spacesOf) if (loc && space) p.spacesOf.set(loc, [...(p.spacesOf.get(loc) ?? []), space]);
    const rows = p.user.length
      ? await s.deps.db.selectFrom('users').select('email').where('id', 'in', p.user).execute()
      : [];
    p.emails = rows.map((r) => r.email);
  };
  await fill(
    pools.org2,
    {
      user: live([who.orgAdmin.userId, who.user.userId, ...fx.spareUsers]),
      org: [org2],
      location: live(fx.locations),
      space: live(fx.spaces),
      group: live(fx.groups),
      attribute: [...live(fx.attributes), 'numSpaces', 'numFreeSpaces', 'buddyOnSite'],
      booking: live(fx.bookings),
      recurring: live(fx.recurring),
      buddy: live(fx.buddies),
    },
    fx.spaces.map((sp, i) => [fx.locations[spaceArea(i)]!, sp]),
  );
  await fill(
    pools.org1,
    {
      user: [who.superAdmin.userId, foreign.user],
      org: [s.orgId],
      location: [foreign.location],
      space: [foreign.space],
      group: [foreign.group],
      attribute: [foreign.attribute, 'numSpaces'],
      booking: [foreign.booking],
      recurring: [],
      buddy: [],
    },
    [[foreign.location, foreign.space]],
  );
}

// ---------------------------------------------------------------------------------------------
// Valid-looking values by name and place.

const NIL = '00000000-0000-4000-8000-000000000000';

function pathKind(route: string, name: string): string {
  if (name === 'locationId') return 'location';
  if (name === 'attributeId') return 'attribute';
  if (name === 'domain' || name === 'email' || name === 'where') return name;
  if (name === 'name') return route.startsWith('/setting') ? 'setting' : 'preference';
  if (route.startsWith('/location/{locationId}/space')) return 'space';
  const first = route.split('/')[1] ?? '';
  const byPrefix: Record<string, Kind> = {
    user: 'user',
    organization: 'org',
    group: 'group',
    'space-attribute': 'attribute',
    location: 'location',
    booking: 'booking',
    'recurring-booking': 'recurring',
    buddy: 'buddy',
  };
  return byPrefix[first] ?? 'user';
}

/** A value a setting accepts. */
function settingValue(name: string, r: Rng): string {
  const d = (SETTINGS as Record<string, SettingDefinition>)[name];
  if (!d) return r.pick(['1', '0', 'x']);
  if (d.type === 'bool') return r.pick(['0', '1']);
  if (d.type === 'int') return String(r.int(d.min ?? 0, Math.min(d.max ?? 100, (d.min ?? 0) + 100)));
  if (d.check === 'url') return r.pick(['', 'https://example.com/logo.png']);
  if (d.check === 'timezone') return r.pick([ZONE, 'UTC', 'Asia/Kolkata']);
  return `fuzz-${r.int(0, 999)}`;
}

/** A value a preference accepts. */
function preferenceValue(name: string, r: Rng, location: string): string {
  const d = (PREFERENCES as Record<string, PreferenceDefinition>)[name];
  switch (d?.check) {
    case 'bool':
      return r.pick(['0', '1']);
    case 'int':
      return String(r.pick(d.oneOf ?? [1]));
    case 'time':
      return `${String(r.int(0, 23)).padStart(2, '0')}:${r.pick(['00', '30'])}`;
    case 'weekdays':
      return r.pick(['1,2,3,4,5', '0,6', '3']);
    case 'location':
      return r.pick(['', location]);
    case 'color':
      return `#${r.bytes(3).toString('hex')}`;
    case 'dateFormat':
      return r.pick(DATE_FORMATS);
    case 'timezone':
      return r.pick(['', ZONE, 'America/New_York']);
    case 'mailLanguage':
      return r.pick(['en', 'de']);
    default:
      return `fuzz-${r.int(0, 999)}`;
  }
}

/**
 * Valid-looking values for one case: ids of the acting user's organisation that fit together
 * (a space of the chosen area), mostly; sometimes random, of another organisation or kind.
 */
function hintsFor(op: Operation, me: Identity, throwaway: Throwaway | undefined, rng: Rng): Hints {
  const own = me.name === 'superAdmin' ? pools.org1 : pools.org2;
  const other = me.name === 'superAdmin' ? pools.org2 : pools.org1;
  const day = rng.int(1, 12);
  const hour = rng.int(0, 20);
  const area = own.location.length ? rng.pick(own.location) : rng.uuid();
  let settingName = '';
  const idOf = (kind: Kind): string => {
    const mine = kind === 'space' ? (own.spacesOf.get(area) ?? own.space) : kind === 'location' ? [area] : own[kind];
    return rng.weighted<() => string>([
      [mine.length ? 82 : 0, () => rng.pick(mine)],
      [6, () => rng.uuid()],
      [other[kind].length ? 6 : 0, () => rng.pick(other[kind])],
      [6, () => rng.pick(own[rng.pick(KINDS.filter((k) => own[k].length))])],
    ])();
  };
  const emailOf = (r: Rng) =>
    r.chance(0.9) && own.emails.length ? r.pick(own.emails) : `new-${r.int(0, 1e9)}@fuzz.example`;
  const where = () =>
    rng.weighted<string>([
      [5, 'current'],
      [2, throwaway?.sessionId ?? me.sessionId],
      [1, 'all'],
      [1, rng.uuid()],
      [1, 'me'],
    ]);
  return (name, schema: JsonSchema, r, place) => {
    if (place === 'path') {
      const kind = pathKind(op.path, name);
      if (kind === 'domain') return r.pick(domains);
      if (kind === 'email') return r.pick([...own.emails, ...other.emails, 'nobody@fuzz.example']);
      if (kind === 'where') return where();
      if (kind === 'setting') return (settingName = r.pick([...SETTING_NAMES, ...Object.keys(SYSTEM_SETTINGS)]));
      if (kind === 'preference') return (settingName = r.pick(PREFERENCE_NAMES));
      return idOf(kind as Kind);
    }
    switch (name) {
      case 'spaceId':
        return idOf('space');
      case 'locationId':
      case 'location':
        return idOf('location');
      case 'organizationId':
        return r.chance(0.9) ? me.orgId : r.pick([org2, s.orgId]);
      case 'buddyId':
        return idOf('user');
      case 'attributeId':
        return idOf('attribute');
      case 'email':
        return op.path.startsWith('/auth/') && r.chance(0.5) ? knownEmail : emailOf(r);
      case 'userEmail':
      case 'buddyEmail':
        return emailOf(r);
      case 'user':
        return r.chance(0.2) && own.emails.length ? r.pick(own.emails) : idOf('user');
      case 'enter':
        return wall(ZONE, day, hour);
      case 'leave':
        return wall(ZONE, day, hour + r.int(1, 3));
      case 'end':
        return place === 'query' ? wall(ZONE, 14, 0) : wall(ZONE, day + r.int(7, 60), 0);
      case 'start':
        return wall(ZONE, -14, 0);
      case 'timezone':
        return r.pick([ZONE, 'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']);
      case 'password':
        return r.chance(0.5) ? KNOWN_PASSWORD : `Fuzz!pw-${r.int(1000, 9999)}x`;
      case 'newPassword':
        return `Fuzz!pw-${r.int(1000, 9999)}x`;
      case 'refreshToken':
        return throwaway && r.chance(0.7) ? throwaway.refreshToken : r.bytes(24).toString('base64url');
      case 'code':
        return String(r.int(0, 999_999)).padStart(6, '0');
      case 'attributes':
        // The availability query's criteria travel as a JSON string.
        if (place === 'query')
          return JSON.stringify([
            { attributeId: idOf('attribute'), comparator: r.pick(['eq', 'gt', 'contains']), value: '3' },
          ]);
        return undefined;
      case 'name':
        if (op.path === '/setting/') return (settingName = r.pick(SETTING_NAMES));
        if (op.path === '/preference/') return (settingName = r.pick(PREFERENCE_NAMES));
        return undefined;
      case 'value':
        if (op.path.startsWith('/setting')) return settingValue(settingName, r);
        if (op.path.startsWith('/preference')) return preferenceValue(settingName, r, area);
        return undefined;
      default:
        if (schema.format === 'uuid') {
          // Lists of ids: members of a group are users, approvers and allowed bookers groups.
          if (/GroupIds$/.test(name) || /approver|allowedbooker/.test(op.path)) return idOf('group');
          if (op.path.startsWith('/group/')) return idOf('user');
          if (/deleteIds/.test(name)) return idOf('space');
          return rng.uuid();
        }
        return undefined;
    }
  };
}

/** Ids of another kind or organisation, for id slots. */
function extraBad(name: string): unknown[] {
  if (!/id$|ids$|^location$|^user$/i.test(name) && name !== '') return [];
  const all = [pools.org1, pools.org2].flatMap((p) => [...p.user, ...p.location, ...p.space, ...p.group, ...p.booking]);
  return [...all, org2, s.orgId];
}

// ---------------------------------------------------------------------------------------------
// The run.

interface Failure {
  op: Operation;
  identity: Identity['name'];
  c: FuzzCase;
  res: FuzzResponse;
  serverError?: string;
}

/** The headers of a failed case, with the acting user's token elided. */
function headersOf(f: Failure): Record<string, string> {
  const h = { ...f.c.req.headers };
  if (h.authorization) h.authorization = h.authorization.replace(/Bearer [\w.-]{40,}/, `Bearer <${f.identity} token>`);
  return h;
}

interface Planned {
  index: number;
  op: Operation;
  identity: Identity['name'];
}

beforeAll(async () => {
  s = await startTestServer({ MAX_SESSIONS_PER_USER: '1000' });
  fuzzApp = await buildApp(s.deps, {
    logger: {
      level: 'error',
      stream: {
        write: (line: string) => {
          errorLog.push(line);
        },
      },
    },
  });
  await fuzzApp.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(fuzzApp.server.address() as AddressInfo).port}`;
  ops = operationsOf(await (await fetch(`${base}/docs/json`)).json());

  // The first organisation: another tenant, with objects of every kind.
  const floor = (await s.admin.post('/location/', { name: 'Foreign', enabled: true, timezone: ZONE })).objectId!;
  foreign.location = floor;
  foreign.space = (await s.admin.post(`/location/${floor}/space/`, { name: 'Foreign desk' })).objectId!;
  foreign.group = (await s.admin.post('/group/', { name: 'Foreign group' })).objectId!;
  foreign.attribute = (await s.admin.post('/space-attribute/', { label: 'Foreign', type: 1 })).objectId!;
  foreign.user = await s.createUser({ email: 'foreign@test.perch.local' });
  foreign.booking = (
    await s.admin.post('/booking/', { spaceId: foreign.space, enter: wall(ZONE, 1, 9), leave: wall(ZONE, 1, 10) })
  ).objectId!;

  // The second organisation, whose admin and user are fuzzed; a third org admin keeps its fixtures.
  const other = await createOrganization(s, {
    name: 'Fuzz Org',
    domain: 'fuzz.example',
    adminEmail: 'fixture-admin@fuzz.example',
  });
  org2 = other.id;
  fixtureAdmin = other.admin!;
  const superRow = await s.deps.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', Role.SuperAdmin)
    .executeTakeFirstOrThrow();
  const identities: [Identity['name'], number, string, string][] = [
    ['orgAdmin', Role.OrgAdmin, org2, await newUser('org-admin@fuzz.example', Role.OrgAdmin)],
    ['user', Role.User, org2, await newUser('user@fuzz.example', Role.User)],
    ['superAdmin', Role.SuperAdmin, s.orgId, superRow.id],
  ];
  for (const [name, role, orgId, userId] of identities) {
    who[name] = { name, role, orgId, userId, email: '', token: '', sessionId: '', repairing: undefined, repairs: -1 };
    await repair(who[name]);
  }
}, 120_000);

afterAll(async () => {
  await fuzzApp?.close();
  await s?.close();
});

describe('fuzzing every operation', () => {
  it('reads the operations from the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(90);
    expect(ops.find((o) => o.method === 'POST' && o.path === '/location/{id}/map')?.body?.contentType).toBe(
      'application/octet-stream',
    );
  });

  it('answers bad input without a 5xx and without hanging', async () => {
    const rng = new Rng(SEED);
    const plan: Planned[] = [];
    for (const op of ops) {
      if (ONLY && !ONLY.test(`${op.method} ${op.path}`)) continue;
      const n = (identity: Identity['name'], count: number) => {
        for (let i = 0; i < count; i++) plan.push({ index: 0, op, identity });
      };
      n('orgAdmin', CASES);
      n('user', CASES);
      n('superAdmin', SUPER_CASES);
      if (op.body && op.body.contentType !== 'application/json') {
        n('orgAdmin', MAP_BYTES_CASES);
        n('user', Math.round(MAP_BYTES_CASES / 3));
      }
    }
    rng.shuffle(plan).forEach((p, i) => (p.index = i));

    const counts: Record<string, number> = {};
    const perOp: Record<string, Record<string, number>> = {};
    const failures: Failure[] = [];
    let sent = 0;
    let slowest = { ms: 0, what: '' };
    const started = performance.now();
    console.log(
      `fuzz: seed ${SEED} (FUZZ_SEED=${SEED} to replay), ${ops.length} operations, ${plan.length} cases, ` +
        `${CONCURRENCY} in flight, ${TIMEOUT_MS} ms time-out`,
    );

    const roundSize = Math.ceil(plan.length / ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      await ensureWorld(new Rng(SEED, 1000 + r));
      await pool(plan.slice(r * roundSize, (r + 1) * roundSize), CONCURRENCY, async (p) => {
        const me = who[p.identity];
        if (me.repairing) await me.repairing;
        const caseRng = new Rng(SEED, p.index + 1);
        const sessionBound = p.op.path === '/auth/logout/{where}' || p.op.path === '/auth/refresh';
        // Sign-out and refresh act on a session of their own most of the time, so the fuzzing
        // session lives on; when they end the fuzzing session itself, it is repaired.
        const throwaway =
          sessionBound && caseRng.chance(0.8) ? await mint(me.userId).catch(() => undefined) : undefined;
        const token = throwaway?.accessToken ?? me.token;
        const c = buildCase(
          p.op,
          {
            rng: caseRng,
            hints: hintsFor(p.op, me, throwaway, caseRng),
            extraBad,
            token,
            guardPath: (name, value) =>
              // Deleting an organisation of the fuzz would end it: any other id is fair game.
              p.op.method === 'DELETE' &&
              p.op.path === '/organization/{id}' &&
              // (compared by hex digits alone: a database may read an id without its dashes).
              [org2, s.orgId].some((o) =>
                value
                  .toLowerCase()
                  .replace(/[^0-9a-f]/g, '')
                  .includes(o.replace(/-/g, '')),
              )
                ? caseRng.uuid()
                : value,
          },
          validPng,
        );
        const res = await send(base, c.req, TIMEOUT_MS);
        sent++;
        const cls =
          res.status === 0
            ? res.error?.startsWith('timeout')
              ? 'timeout'
              : 'no answer'
            : `${Math.floor(res.status / 100)}xx`;
        counts[cls] = (counts[cls] ?? 0) + 1;
        if (STATS) {
          const key = `${p.op.method} ${p.op.path} ${p.identity}`;
          const h = (perOp[key] ??= {});
          h[res.status || cls] = (h[res.status || cls] ?? 0) + 1;
          h.ms = (h.ms ?? 0) + res.ms;
          if (res.status >= 300 && res.status < 400)
            console.log(`fuzz: ${res.status} for ${c.req.method} ${c.req.url}`);
        }
        if (res.ms > slowest.ms)
          slowest = { ms: res.ms, what: `${c.req.method} ${c.req.url.slice(0, 120)} (${c.label.slice(0, 120)})` };
        if (res.status >= 500 || res.status === 0) failures.push({ op: p.op, identity: p.identity, c, res });
        if (res.status === 401 && c.normalAuth && !throwaway && token === me.token && !p.op.public) await repair(me);
      });
    }
    const seconds = (performance.now() - started) / 1000;
    const errorLines = errorLog.splice(0);

    // Replay one case of each distinct failure alone, to attach the server's logged error.
    const distinct = new Map<string, Failure[]>();
    for (const f of failures) {
      const key = `${f.op.method} ${f.op.path} → ${f.res.status || f.res.error}`;
      distinct.set(key, [...(distinct.get(key) ?? []), f]);
    }
    for (const group of [...distinct.values()].slice(0, 30)) {
      const f = group[0]!;
      errorLog.length = 0;
      const headers = { ...f.c.req.headers };
      // The session of the run may have ended since: replay with the identity's current one.
      if (f.c.normalAuth && headers.authorization) headers.authorization = `Bearer ${who[f.identity].token}`;
      const again = await send(base, { ...f.c.req, headers }, TIMEOUT_MS);
      const logged = errorLog.map((l) => {
        try {
          const j = JSON.parse(l) as { msg?: string; err?: { type?: string; message?: string; stack?: string } };
          return `${j.msg}: ${j.err?.type ?? ''} ${j.err?.message ?? ''}\n${(j.err?.stack ?? '').split('\n').slice(1, 6).join('\n')}`;
        } catch {
          return l;
        }
      });
      f.serverError = `replayed alone: ${again.status || again.error}; ${logged.join('\n') || '(nothing logged)'}`;
    }

    const byStatus = Object.entries(counts)
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    console.log(
      `fuzz: ${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s); ${byStatus}; ` +
        `slowest ${slowest.ms} ms: ${slowest.what}; session repairs: ` +
        Object.values(who)
          .map((i) => `${i.name} ${i.repairs}`)
          .join(', ') +
        `; server error-log lines: ${errorLines.length}`,
    );
    for (const line of errorLines.slice(0, 5)) console.log(`fuzz: server logged: ${line.slice(0, 1000)}`);

    if (STATS)
      for (const [key, h] of Object.entries(perOp).sort())
        console.log(
          `fuzz: ${key}: ${Object.entries(h)
            .map(([k, v]) => `${k}×${v}`)
            .join(' ')}`,
        );

    const report = [...distinct.entries()]
      .map(([key, group]) => {
        const examples = group
          .slice(0, 3)
          .map(
            (f) =>
              `    as ${f.identity}: ${f.c.req.method} ${show(f.c.req.url, 300)}\n` +
              `      mutation: ${f.c.label}\n` +
              `      headers: ${show(headersOf(f), 300)}; body: ${f.c.req.body === undefined ? '(none)' : show(f.c.req.body, 300)}\n` +
              `      answer: ${f.res.status || f.res.error} ${show(f.res.body, 200)}` +
              (f.serverError ? `\n      server: ${f.serverError.replace(/\n/g, '\n        ')}` : ''),
          );
        return `  ${key} (${group.length}×)\n${examples.join('\n')}`;
      })
      .join('\n');
    expect(sent).toBeGreaterThanOrEqual(ONLY || process.env.FUZZ_CASES ? 0 : 10_000);
    expect(failures.length, `${failures.length} answers ≥ 500 or none at all (seed ${SEED}):\n${report}`).toBe(0);
  }, 600_000);
});
