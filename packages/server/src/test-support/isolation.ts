import { randomUUID } from 'node:crypto';
import { PREFERENCES, routes, type Endpoint } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { wall } from './bookings.js';

/**
 * The parts of the tenant-isolation matrix (http/isolation-matrix.test.ts) that do not depend
 * on a running server: finding the id positions of a route in its zod schemas, mapping them to
 * kinds of objects, building an otherwise valid request around chosen ids, and taking a
 * snapshot of everything in the database that belongs to one organisation.
 */

// ---------------------------------------------------------------------------------------------
// Kinds of objects and how a position names one
// ---------------------------------------------------------------------------------------------

/** Kinds of objects (and references to them) that a request can name. */
export type Kind =
  | 'organization'
  | 'domain'
  | 'user'
  | 'userEmail'
  | 'session'
  | 'group'
  | 'spaceAttribute'
  | 'location'
  | 'space'
  | 'booking'
  | 'recurringBooking'
  | 'buddy'
  | 'authProvider'
  | 'outboxMail'
  | 'searchTerm';

/**
 * Kinds whose values are names rather than objects of one organisation: the same domain may be
 * pending in several organisations and a search term is just text. A 2xx with such a value is no
 * finding by itself (the secret and snapshot checks still apply).
 */
export const NAME_KINDS: ReadonlySet<Kind> = new Set<Kind>(['domain', 'searchTerm']);

/**
 * Field and parameter names with a fixed kind. Names not listed here that still look like ids
 * (`…Id`, `…Ids`) take the kind of their last word (`approverGroupIds` → group) through
 * ID_WORD_KINDS; `id`, `ids` and unknown words take the kind of the route's resource.
 */
export const FIELD_KINDS: Readonly<Record<string, Kind>> = {
  locationId: 'location',
  /** Query filters of bookings and statistics: an area id. */
  location: 'location',
  spaceId: 'space',
  attributeId: 'spaceAttribute',
  userId: 'user',
  /** The buddy to add is a user (while `/buddy/:id` is the buddy link itself). */
  buddyId: 'user',
  organizationId: 'organization',
  authProviderId: 'authProvider',
  recurringId: 'recurringBooking',
  /** References to a user by email: the booking's owner, a buddy, a list filter, a lookup. */
  userEmail: 'userEmail',
  buddyEmail: 'userEmail',
  user: 'userEmail',
  email: 'userEmail',
  /** `GET /auth/logout/:where`: a session id (or `current` / `all`). */
  where: 'session',
  /** `GET /auth-provider/org/:orgId`, `GET /auth/:providerId/login/:type/`. */
  orgId: 'organization',
  providerId: 'authProvider',
  domain: 'domain',
  /** Free-text searches: tried with a fragment of the other organisation's names. */
  q: 'searchTerm',
  query: 'searchTerm',
};

/** The last word of an id-like name (`approverGroupIds` → `group`) to its kind. */
export const ID_WORD_KINDS: Readonly<Record<string, Kind>> = {
  organization: 'organization',
  user: 'user',
  session: 'session',
  group: 'group',
  attribute: 'spaceAttribute',
  location: 'location',
  space: 'space',
  booking: 'booking',
  recurring: 'recurringBooking',
  buddy: 'buddy',
  provider: 'authProvider',
};

/**
 * Static path segments to the kind of the object they hold: the kind of a path parameter is
 * that of the segment before it (`/location/:locationId/space/:id` → location, space); the
 * resource of a route (for `id` fields in its body and array bodies) is its last mapped segment.
 */
export const SEGMENT_KINDS: Readonly<Record<string, Kind>> = {
  organization: 'organization',
  domain: 'domain',
  user: 'user',
  byEmail: 'userEmail',
  logout: 'session',
  group: 'group',
  /** `/group/:id/member`: the body lists users. */
  member: 'user',
  'space-attribute': 'spaceAttribute',
  attribute: 'spaceAttribute',
  location: 'location',
  space: 'space',
  /** `…/space/:id/approver`, `…/allowedbooker`: the body lists groups. */
  approver: 'group',
  allowedbooker: 'group',
  booking: 'booking',
  'recurring-booking': 'recurringBooking',
  buddy: 'buddy',
  'auth-provider': 'authProvider',
  'mail-outbox': 'outboxMail',
};

/**
 * Body and query fields that are checked by name only when they are references. `email` in a
 * body is the caller's own sign-in name (login, preflight) or the new value of the object being
 * saved (user, organisation), not a reference to an existing object; it is one only as the
 * path parameter of `/user/byEmail/:email`.
 */
const PATH_ONLY_NAMES = new Set(['email']);

const ID_LIKE = /^(?:id|ids)$|Ids?$/;

/**
 * Path parameters that name no object of an organisation: catalogue keys, the same in every
 * organisation (`/setting/:name`, `/preference/:name`). Every other path parameter is a position.
 */
export const NON_OBJECT_PARAMS: ReadonlySet<string> = new Set(['setting.name', 'preference.name', 'auth.type']);

/**
 * Id-like names (or `group.route.name` positions) that name no object of Perch: an OAuth
 * client id is the provider's, a WebAuthn credential's id the authenticator's.
 */
const EXTERNAL_IDS = new Set(['clientId', 'passkey.registrationFinish.id', 'passkey.loginFinish.id']);

/**
 * Positions (`group.route.name`) naming objects this version cannot hold: one-time states of
 * flows that are not available yet (features/unavailable/), passkeys, sign-in tickets. No
 * organisation has one to name, so the matrix sends made-up values there; remove an entry when
 * its feature is built (and give organisation A such an object in the matrix's populate()).
 */
export const NOT_YET_HELD: ReadonlySet<string> = new Set([
  'auth.verify.id',
  'user.mergeFinish.id',
  'passkey.registrationFinish.stateId',
  'passkey.rename.id',
  'passkey.delete.id',
  'passkey.loginFinish.stateId',
  'totp.secret.id',
  'totp.validate.stateId',
  'cloud.confirmSignup.id',
]);

/**
 * One-time links (password reset, invitation, contact-email change, organisation deletion):
 * the id is the credential itself, mailed to the one person who may use it, so naming it is
 * using it, whoever asks. Their single use, expiry and ownership checks are tested with the
 * flows (features/auth/password-links.test.ts, organizations/organization-life-cycle.test.ts).
 */
export const ONE_TIME_LINKS: ReadonlySet<string> = new Set([
  'auth.passwordResetLink.id',
  'auth.resetPassword.id',
  'auth.checkInvitation.id',
  'auth.invitationLink.id',
  'auth.acceptInvitation.id',
  'organization.verifyEmail.uuid',
  'organization.confirmDeletion.id',
]);

export function isPosition(e: Endpoint, part: Part, name: string): boolean {
  const position = `${e.group}.${e.name}.${name}`;
  if (ONE_TIME_LINKS.has(position)) return false;
  if (NOT_YET_HELD.has(position)) return false;
  if (part === 'params') return !NON_OBJECT_PARAMS.has(`${e.group}.${name}`);
  if (PATH_ONLY_NAMES.has(name) || EXTERNAL_IDS.has(name) || EXTERNAL_IDS.has(position)) return false;
  return ID_LIKE.test(name) || name in FIELD_KINDS;
}

/** Static segments of a path, without parameters. */
function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '' && !s.startsWith(':'));
}

/** Path segments that name an action on the resource before them (`…/space/bulk`, `…/remove`). */
const ACTION_SEGMENTS = new Set(['bulk', 'remove', 'search', 'precheck', 'primary', 'verify']);
/** Leading words of id list names that say what happens to the route's resource (`deleteIds`). */
const ACTION_WORDS = new Set(['delete', 'remove', 'add']);

/** The kind a route is about: its last static segment that is no action, when mapped. */
function resourceKind(e: Endpoint): Kind | undefined {
  const last = segments(e.path)
    .filter((s) => !ACTION_SEGMENTS.has(s))
    .pop();
  return last === undefined ? undefined : SEGMENT_KINDS[last];
}

/** The kind of a position; undefined when no mapping applies (the matrix then fails loudly). */
export function kindOf(e: Endpoint, part: Part, name: string): Kind | undefined {
  if (part === 'params' && name === 'id') {
    // `/location/:id`, `…/space/:id`: the segment before the parameter.
    const parts = e.path.split('/');
    const before = parts[parts.indexOf(':id') - 1];
    return before === undefined ? undefined : SEGMENT_KINDS[before];
  }
  if (name in FIELD_KINDS) return FIELD_KINDS[name];
  // `id` fields of a body, the elements of an array body: the route's resource.
  if (name === '' || name === 'id' || name === 'ids') return resourceKind(e);
  const word = /([A-Z]?[a-z]+)Ids?$/.exec(name)?.[1]?.toLowerCase();
  if (word !== undefined && word in ID_WORD_KINDS) return ID_WORD_KINDS[word];
  if (word !== undefined && ACTION_WORDS.has(word)) return resourceKind(e);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Walking zod schemas
// ---------------------------------------------------------------------------------------------

/** A zod 4 schema as this walker sees it. */
interface ZodNode {
  _zod: { def: ZodDef; bag?: { format?: string } };
  safeParse(value: unknown): { success: boolean; error?: { message: string } };
}
interface ZodDef {
  type: string;
  shape?: Record<string, ZodNode>;
  element?: ZodNode;
  innerType?: ZodNode;
  in?: ZodNode;
  options?: ZodNode[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  format?: string;
}

export type Part = 'params' | 'query' | 'body';
type Segment = string | number;

export interface Position {
  part: Part;
  /** Where in the part: object keys and array indexes (the first element). */
  path: Segment[];
  /** The field or parameter name (`''` for the elements of an array body). */
  name: string;
  kind: Kind | undefined;
  /** Whether a valid request may leave it out (an optional field, or inside an array). */
  optional: boolean;
  /** Other values the position needs to mean something (a preference name for its value). */
  with?: Assignment[];
}

export interface Assignment {
  part: Part;
  path: Segment[];
  value: unknown;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function unwrap(node: ZodNode): ZodNode {
  let n = node;
  for (;;) {
    const d = n._zod.def;
    if (WRAPPERS.has(d.type) && d.innerType) n = d.innerType;
    else if (d.type === 'pipe' && d.in) n = d.in;
    else return n;
  }
}

/** Whether a field may be left out (optional, or filled by a default). */
function omittable(node: ZodNode): boolean {
  let n = node;
  for (;;) {
    const d = n._zod.def;
    if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') return true;
    if (WRAPPERS.has(d.type) && d.innerType) n = d.innerType;
    else if (d.type === 'pipe' && d.in) n = d.in;
    else return false;
  }
}

function schemaOf(e: Endpoint, part: Part): ZodNode | undefined {
  const s = part === 'params' ? e.params : part === 'query' ? e.query : e.rawBody ? undefined : e.body;
  return s as unknown as ZodNode | undefined;
}

/** Every position of a route that names an object: path parameters, query and body fields. */
export function positionsOf(e: Endpoint): Position[] {
  const out: Position[] = [];
  const walk = (node: ZodNode, part: Part, path: Segment[], name: string, optional: boolean) => {
    const n = unwrap(node);
    const d = n._zod.def;
    const opt = optional || omittable(node);
    if (d.type === 'object' && d.shape) {
      for (const [key, child] of Object.entries(d.shape)) walk(child, part, [...path, key], key, opt);
    } else if (d.type === 'array' && d.element) {
      walk(d.element, part, [...path, 0], name, true);
    } else if (d.type === 'string' && name !== '' && isPosition(e, part, name)) {
      out.push({ part, path, name, kind: kindOf(e, part, name), optional: opt });
    } else if (d.type === 'string' && name === '' && path.length > 0) {
      // The elements of an array body (`[groupId, …]`): ids of what the route's path names.
      out.push({ part, path, name, kind: kindOf(e, part, ''), optional: opt });
    }
  };
  for (const part of ['params', 'query', 'body'] as const) {
    const s = schemaOf(e, part);
    if (s) walk(s, part, [], '', false);
  }
  out.push(...cataloguePositions(e));
  return out;
}

/**
 * Positions that no schema shows because the kind of a value depends on a catalogue: a
 * preference whose value is an area id (`location_id`).
 */
function cataloguePositions(e: Endpoint): Position[] {
  const names = Object.entries(PREFERENCES)
    .filter(([, def]) => def.check === 'location')
    .map(([name]) => name);
  return names.flatMap((name): Position[] => {
    if (e.path === routes.preference.set.path && e.method === routes.preference.set.method)
      return [
        {
          part: 'body',
          path: ['value'],
          name: `value of ${name}`,
          kind: 'location',
          optional: false,
          with: [{ part: 'params', path: ['name'], value: name }],
        },
      ];
    if (e.path === routes.preference.saveAll.path && e.method === routes.preference.saveAll.method)
      return [
        {
          part: 'body',
          path: [0, 'value'],
          name: `value of ${name}`,
          kind: 'location',
          optional: false,
          with: [{ part: 'body', path: [0, 'name'], value: name }],
        },
      ];
    return [];
  });
}

// ---------------------------------------------------------------------------------------------
// Plausible values for everything else
// ---------------------------------------------------------------------------------------------

const ZONE = 'Europe/Berlin';

/** Values for fields that are not id positions, by `group.field` first, then by field name. */
function hint(e: Endpoint, name: string): string | undefined {
  const byRoute: Record<string, string> = {
    // A setting and a preference that exist and keep their default value.
    'setting.name': 'enable_max_hours_before_delete',
    'setting.value': '0',
    'preference.name': 'use_24_hour_time',
    'preference.value': '1',
  };
  const byName: Record<string, string> = {
    enter: wall(ZONE, 3, 9),
    leave: wall(ZONE, 3, 10),
    start: wall(ZONE, -1, 0),
    end: wall(ZONE, 7, 0),
    email: 'matrix.probe@globex.example',
    password: 'Valid!pass1',
    newPassword: 'Valid!pass2',
    timezone: ZONE,
    name: 'Matrix Probe',
    label: 'Matrix Probe',
    firstname: 'Matrix',
    lastname: 'Probe',
    description: 'probe',
    subject: 'probe',
    value: '1',
    refreshToken: 'matrix-probe-refresh-token',
    code: '123456',
  };
  return byRoute[`${e.group}.${name}`] ?? byName[name];
}

const key = (part: Part, path: Segment[]) => [part, ...path].join('.');

/**
 * Builds the params, query and body of a request to `e` that its schemas accept, with the
 * given values at their positions. Optional fields are left out unless a value is assigned
 * inside them; arrays get one element when a value is assigned inside, else none.
 */
export function buildInput(
  e: Endpoint,
  assignments: readonly Assignment[],
): { params: Record<string, string>; query: Record<string, string>; body: unknown } {
  const assigned = new Map(assignments.map((a) => [key(a.part, a.path), a.value]));
  const inside = (part: Part, path: Segment[]) => {
    const prefix = key(part, path);
    for (const k of assigned.keys()) if (k === prefix || k.startsWith(`${prefix}.`)) return true;
    return false;
  };
  const build = (node: ZodNode, part: Part, path: Segment[], name: string): unknown => {
    const k = key(part, path);
    if (assigned.has(k)) return assigned.get(k);
    const n = unwrap(node);
    const d = n._zod.def;
    switch (d.type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [field, child] of Object.entries(d.shape ?? {}))
          if (!omittable(child) || inside(part, [...path, field]))
            out[field] = build(child, part, [...path, field], field);
        return out;
      }
      case 'array':
        return inside(part, path) && d.element ? [build(d.element, part, [...path, 0], name)] : [];
      case 'union':
        return build(d.options![0]!, part, path, name);
      case 'literal':
        return d.values![0];
      case 'enum':
        return Object.values(d.entries!)[0];
      case 'boolean':
        return true;
      case 'number':
        return Number(hint(e, name) ?? 1);
      case 'string': {
        const format = d.format ?? n._zod.bag?.format;
        if (format === 'uuid') return randomUUID();
        if (format === 'datetime') return new Date().toISOString();
        if (format === 'url') return 'https://matrix.example/probe';
        return hint(e, name) ?? 'matrix';
      }
      default:
        throw new Error(`${e.method} ${e.path}: no value generator for a zod ${d.type} at ${k}`);
    }
  };
  const params = (schemaOf(e, 'params') ? build(schemaOf(e, 'params')!, 'params', [], '') : {}) as Record<
    string,
    string
  >;
  const query = (schemaOf(e, 'query') ? build(schemaOf(e, 'query')!, 'query', [], '') : {}) as Record<string, string>;
  const bodySchema = schemaOf(e, 'body');
  const body = bodySchema ? build(bodySchema, 'body', [], '') : undefined;
  for (const [part, value, schema] of [
    ['params', params, schemaOf(e, 'params')],
    ['query', query, schemaOf(e, 'query')],
    ['body', body, bodySchema],
  ] as const) {
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new Error(
        `${e.method} ${e.path}: the generated ${part} ${JSON.stringify(value)} fails its schema: ${parsed.error?.message}`,
      );
  }
  return { params, query, body };
}

// ---------------------------------------------------------------------------------------------
// What belongs to an organisation, as stored
// ---------------------------------------------------------------------------------------------

/**
 * Tables that change legitimately when someone else acts: failed sign-ins naming an account
 * (public, counted per account and address, and written to the organisation's sign-in log,
 * whose purpose is to record anyone's attempts) and request counters.
 */
const UNTRACKED_TABLES = new Set([
  'login_throttle',
  'auth_attempts',
  'rate_limit_hits',
  'job_runs',
  'schema_migrations',
]);
/** Columns that reads and sign-ins bump, and cache bookkeeping. */
const UNTRACKED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  users: ['last_activity_at'],
  sessions: ['last_activity', 'expires_at'],
  stats_cache: ['computed_at'],
};

export type Snapshot = Record<string, string[]>;

/**
 * Every row that belongs to the organisation `orgId`, per table, as sorted JSON: rows holding
 * its id, then rows holding the id of such a row, and so on (users → sessions → refresh tokens;
 * areas → spaces → bookings …). A row of another organisation that points at one of its
 * objects belongs to it too, so a cross-organisation reference shows up as a change.
 */
export async function snapshotOrganization(db: Db, orgId: string): Promise<Snapshot> {
  const { rows: tables } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename
  `.execute(db);
  // One round trip for every table: each row as JSON, untracked columns removed.
  const selects = tables
    .map((t) => t.tablename)
    .filter((t) => !UNTRACKED_TABLES.has(t))
    .map((t) => {
      const drop = (UNTRACKED_COLUMNS[t] ?? []).map((c) => ` - '${c}'`).join('');
      return `SELECT '${t}' AS t, (to_jsonb(x)${drop})::text AS r FROM "${t}" x`;
    });
  const { rows } = await sql<{ t: string; r: string }>`${sql.raw(selects.join(' UNION ALL '))}`.execute(db);
  const data: Record<string, Record<string, unknown>[]> = {};
  for (const { t, r } of rows) (data[t] ??= []).push(JSON.parse(r) as Record<string, unknown>);
  const ids = new Set([orgId]);
  const member = new Map<string, Set<number>>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [table, rows] of Object.entries(data)) {
      const m = member.get(table) ?? new Set<number>();
      member.set(table, m);
      rows.forEach((row, i) => {
        if (m.has(i)) return;
        if (!Object.values(row).some((v) => typeof v === 'string' && ids.has(v))) return;
        m.add(i);
        changed = true;
        if (typeof row.id === 'string') ids.add(row.id);
      });
    }
  }
  const out: Snapshot = {};
  for (const [table, rows] of Object.entries(data)) {
    const m = member.get(table)!;
    const kept = rows.filter((_, i) => m.has(i)).map((r) => JSON.stringify(r));
    if (kept.length > 0) out[table] = kept.sort();
  }
  return out;
}

/** Rows that appeared or disappeared between two snapshots, per table ("" when equal). */
export function describeChanges(before: Snapshot, after: Snapshot): string {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = new Set(before[table] ?? []);
    const a = new Set(after[table] ?? []);
    for (const r of b) if (!a.has(r)) lines.push(`  ${table} − ${r}`);
    for (const r of a) if (!b.has(r)) lines.push(`  ${table} + ${r}`);
  }
  return lines.join('\n');
}
