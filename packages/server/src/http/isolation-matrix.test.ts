import type { PerchClient } from '@perch/client';
import {
  ALL_ENDPOINTS,
  ALL_ROUTES,
  path as fillPath,
  Role,
  routes,
  type Endpoint,
  type Session,
} from '@perch/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wall } from '../test-support/bookings.js';
import { png } from '../test-support/images.js';
import {
  buildInput,
  describeChanges,
  NAME_KINDS,
  positionsOf,
  snapshotOrganization,
  type Assignment,
  type Kind,
  type Position,
  type Snapshot,
} from '../test-support/isolation.js';
import { createLink, LinkType } from '../identity/one-time-links/index.js';
import { createOrganization } from '../test-support/organizations.js';
import { secondFactorObjects } from '../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../test-support/server.js';

/**
 * Tenant isolation, generated from the route table. Organisation A (the bootstrap one) gets an
 * object of every kind the API reaches; organisation B gets its own admin and plain user (and
 * objects of its own). Then for every route, every position that names an object (each path
 * parameter; each id-like query and body field found in the zod schemas, see
 * test-support/isolation.ts) and both attackers of B, a request that is otherwise valid carries
 * each of A's objects of that kind in that position, with B's own objects in the other
 * positions (and once more with B's optional ones left out; routes with several positions also
 * get A's objects in all of them). No answer may show any of A's secrets (names, emails, ids
 * the request did not carry itself), and no request may change anything of A (all rows that
 * belong to A, compared after every request and at the end). A new route is covered without
 * editing this file; one whose ids the kind tables cannot map fails the coverage check, naming
 * the mapping to add. `MATRIX_DUMP=1` prints every position and every request with its answer.
 *
 * The super admin (the bootstrap admin) may see across organisations and is no attacker here.
 */

const ZONE = 'Europe/Berlin';

interface Org {
  id: string;
  admin: PerchClient;
  user: PerchClient;
  objects: Partial<Record<Kind, string[]>>;
  /** Strings that only this organisation's data contains (names, emails, ids). */
  secrets: string[];
}

type Attacker = 'B admin' | 'B user';

interface Probe {
  e: Endpoint;
  attacker: Attacker;
  /** Positions that carry one of A's values, with those values. */
  attacked: { position: Position; value: string }[];
  input: ReturnType<typeof buildInput>;
}

interface Outcome {
  probe: Probe;
  status: number;
  text: string;
}

let s: TestServer;
let A: Org;
let B: Org;
let before: Snapshot;
const outcomes: Outcome[] = [];
const exposed: string[] = [];
const changed: string[] = [];
let anonymousRequests = 0;
let matrixMs = 0;

/** Creates, through the API, one object of every kind in an organisation. */
async function populate(
  s: TestServer,
  org: { id: string; domain: string; emailDomain: string },
  tag: string,
  role: (who: string) => { firstname: string; lastname: string },
): Promise<Org> {
  const adminEmail = `admin.${tag.toLowerCase()}@${org.emailDomain}`;
  const userEmail = `user.${tag.toLowerCase()}@${org.emailDomain}`;
  const adminId = await s.createUser({
    email: adminEmail,
    role: Role.OrgAdmin,
    organizationId: org.id,
    ...role('boss'),
  });
  const userId = await s.createUser({ email: userEmail, role: 0, organizationId: org.id, ...role('member') });
  // Someone else in the organisation: the own object of its kind the attackers of B name next
  // to A's objects (changing it must not end the attackers' sessions).
  const peerEmail = `peer.${tag.toLowerCase()}@${org.emailDomain}`;
  const peerId = await s.createUser({ email: peerEmail, role: 0, organizationId: org.id, ...role('peer') });
  // A service account with an API token (the attackers must neither read, make nor revoke it).
  const robotId = await s.createUser({
    email: `robot.${tag.toLowerCase()}@${org.emailDomain}`,
    role: Role.ServiceAccountReadWrite,
    organizationId: org.id,
    ...role('robot'),
  });
  const admin = await s.signIn(adminEmail, undefined, org.id);
  const user = await s.signIn(userEmail, undefined, org.id);
  await admin.call(routes.apiToken.create, { params: { id: robotId } });
  // Names shown to everyone (so buddies exist, and plain users see the most).
  await admin.call(routes.setting.set, { params: { name: 'show_names' }, body: { value: '1' } });

  const group = (await admin.call(routes.group.create, { body: { name: `${tag} Group` } })).id;
  await admin.call(routes.group.addMembers, { params: { id: group }, body: [userId, adminId] });
  const attribute = (
    await admin.call(routes.spaceAttribute.create, {
      body: { label: `${tag} Attribute`, type: 3, spaceApplicable: true, locationApplicable: true },
    })
  ).id;
  const location = (
    await admin.call(routes.location.create, {
      body: { name: `${tag} Area`, description: `${tag} area notes`, enabled: true, timezone: ZONE },
    })
  ).id;
  await admin.call(routes.location.uploadMap, {
    params: { id: location },
    raw: { data: new Uint8Array(png(8, 8)), contentType: 'image/png' },
  });
  await admin.call(routes.location.setAttribute, {
    params: { id: location, attributeId: attribute },
    body: { value: `${tag} area value` },
  });
  const desk = (
    await admin.call(routes.space.create, {
      params: { locationId: location },
      body: { name: `${tag} Desk`, attributes: [{ attributeId: attribute, value: `${tag} desk value` }] },
    })
  ).id;
  const room = (
    await admin.call(routes.space.create, { params: { locationId: location }, body: { name: `${tag} Room` } })
  ).id;
  await admin.call(routes.space.addApprovers, { params: { locationId: location, id: room }, body: [group] });
  await admin.call(routes.space.addAllowedBookers, { params: { locationId: location, id: room }, body: [group] });

  const booking = (
    await user.call(routes.booking.create, {
      body: { spaceId: desk, enter: wall(ZONE, 1, 9), leave: wall(ZONE, 1, 10), subject: `${tag} meeting` },
    })
  ).id;
  const pending = (
    await user.call(routes.booking.create, {
      body: { spaceId: room, enter: wall(ZONE, 1, 9), leave: wall(ZONE, 1, 10), subject: `${tag} approval` },
    })
  ).id;
  const series = await user.call(routes.recurringBooking.create, {
    body: {
      spaceId: desk,
      enter: wall(ZONE, 2, 9),
      leave: wall(ZONE, 2, 10),
      end: wall(ZONE, 4, 23),
      cadence: 1,
      subject: `${tag} series`,
    },
  });
  const buddy = (await user.call(routes.buddy.create, { body: { buddyId: adminId } })).id;
  await user.call(routes.preference.set, { params: { name: 'location_id' }, body: { value: location } });
  await user.call(routes.preference.set, { params: { name: 'workday_start' }, body: { value: '08:00' } });
  await admin.call(routes.setting.set, { params: { name: 'max_bookings_per_user' }, body: { value: '20' } });
  const sessionOf = async (c: PerchClient) => (await c.call(routes.user.sessions)).find((x: Session) => x.current)!.id;
  const provider = (
    await admin.call(routes.authProvider.create, {
      body: {
        name: `${tag} Provider`,
        providerType: 1,
        issuer: `https://id.${org.emailDomain}`,
        scopes: 'openid',
        userInfoEmailField: 'email',
        clientId: `${tag} client`,
        clientSecret: `${tag} client secret`,
      },
    })
  ).id;
  // What an admin's test sign-in through the provider brought back.
  const providerTestResult = await createLink(s.deps.db, LinkType.ProviderTestResult, provider, {
    successful: true,
    email: `tested.${tag.toLowerCase()}@${org.emailDomain}`,
  });

  // Second factors of the user: a passkey, a TOTP setup and a passkey registration under way, a
  // passkey sign-in begun for the organisation, a password sign-in's passkey challenge.
  const factors = await secondFactorObjects(s, {
    orgId: org.id,
    domain: org.domain,
    email: userEmail,
    password: TEST_PASSWORD,
    passkeyName: `${tag} Passkey`,
  });

  // A mail in the organisation's outbox (an invitation; without SMTP it stays waiting).
  await admin.call(routes.user.create, {
    body: { email: `invitee.${tag.toLowerCase()}@${org.emailDomain}`, role: 0, sendInvitation: true },
  });
  const outboxMail = (await admin.call(routes.mailOutbox.list, { query: {} })).items[0]!.id;

  // A request to merge the peer's account into the user's, waiting for the user.
  const mergeRequest = (
    await s.deps.db
      .insertInto('merge_requests')
      .values({ source_user_id: peerId, target_user_id: userId, expires_at: new Date(Date.now() + 3600_000) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  const pendingBooking = await admin.call(routes.booking.get, { params: { id: pending } });
  expect(pendingBooking.approved).toBe(false);
  const occurrences = series.data.filter((o) => o.success).map((o) => o.id);
  expect(occurrences.length).toBeGreaterThan(1);

  const objects: Partial<Record<Kind, string[]>> = {
    organization: [org.id],
    domain: [org.domain],
    user: [peerId, userId, adminId, robotId],
    // B's first email stays valid throughout (matrix requests may rename B's peer).
    userEmail: [userEmail, peerEmail, adminEmail],
    session: [await sessionOf(user), await sessionOf(admin)],
    group: [group],
    spaceAttribute: [attribute],
    location: [location],
    space: [desk, room],
    booking: [booking, pending, occurrences[0]!],
    recurringBooking: [series.id],
    buddy: [buddy],
    authProvider: [provider],
    outboxMail: [outboxMail],
    providerTestResult: [providerTestResult],
    mergeRequest: [mergeRequest],
    passkey: [factors.passkey],
    totpEnrolment: [factors.totpEnrolment],
    passkeyRegistration: [factors.passkeyRegistration],
    passkeyLogin: [factors.passkeyLogin],
    passkeySecondFactor: [factors.passkeySecondFactor],
    searchTerm: [tag.toLowerCase()],
  };
  const names = [
    ...Object.values(role('boss')),
    ...Object.values(role('member')),
    ...Object.values(role('peer')),
    ...Object.values(role('robot')),
    ...[' Group', ' Attribute', ' Area', ' area notes', ' area value', ' Desk', ' desk value', ' Room'],
    ...[' meeting', ' approval', ' series', ' Provider', ' Passkey'],
  ].map((n) => (n.startsWith(' ') ? `${tag}${n}` : n));
  const ids = Object.entries(objects)
    .filter(([k]) => !NAME_KINDS.has(k as Kind))
    .flatMap(([, v]) => v);
  return { id: org.id, admin, user, objects, secrets: [...new Set([...names, ...ids, ...occurrences])] };
}

const label = (p: Probe) => {
  const { input } = p;
  const url = fillPath(p.e.path, input.params) + queryString(input.query);
  const positions = p.attacked.map((a) => `${a.position.part}.${a.position.path.join('.')}=A:${a.position.kind}`);
  const body = p.e.rawBody ? ' <png>' : input.body === undefined ? '' : ` ${JSON.stringify(input.body)}`;
  return `${p.attacker}: ${p.e.method} ${url}${body} [${positions.join(', ')}]`;
};

function queryString(q: Record<string, string>): string {
  const qs = new URLSearchParams(q).toString();
  return qs ? `?${qs}` : '';
}

async function send(p: Probe, token: string | null): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (p.e.rawBody) {
    headers['content-type'] = 'image/png';
    body = new Uint8Array(png(8, 8));
  } else if (p.input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(p.input.body);
  }
  const res = await fetch(s.url + fillPath(p.e.path, p.input.params) + queryString(p.input.query), {
    method: p.e.method,
    headers,
    body,
    // A redirect (a provider sign-in) is the answer itself; nothing is followed.
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

/** Every string the request carries (a secret the attacker sent is no leak when echoed). */
function sentStrings(v: unknown): string[] {
  if (typeof v === 'string') return [v.toLowerCase()];
  if (Array.isArray(v)) return v.flatMap(sentStrings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(sentStrings);
  return [];
}

/** A's secrets in an answer, leaving out what the request itself carried. */
function secretsIn(text: string, sent: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return A.secrets.filter((x) => !sent.includes(x.toLowerCase()) && lower.includes(x.toLowerCase()));
}

/** The requests of the matrix: every route × id position × A's objects of its kind × attacker. */
function plan(): { probes: Probe[]; unmapped: string[]; missing: string[] } {
  const probes: Probe[] = [];
  const unmapped: string[] = [];
  const missing: string[] = [];
  for (const e of ALL_ENDPOINTS) {
    const positions = positionsOf(e);
    for (const p of positions) {
      const where = `${e.method} ${e.path} ${p.part}.${p.path.join('.') || '[]'}`;
      if (!p.kind)
        unmapped.push(
          `${where}: no kind for "${p.name}" — add it to FIELD_KINDS (or the segment before a path ` +
            'parameter to SEGMENT_KINDS) in packages/server/src/test-support/isolation.ts',
        );
      else if (!A.objects[p.kind]?.length)
        missing.push(`${where}: organisation A has no object of kind "${p.kind}" — create one in populate()`);
    }
    const usable = positions.filter((p) => p.kind && A.objects[p.kind]?.length);
    const own = (p: Position): Assignment[] => {
      const v = B.objects[p.kind!]?.[0];
      return v === undefined ? [] : [{ part: p.part, path: p.path, value: v }, ...(p.with ?? [])];
    };
    const foreign = (p: Position, value: string): Assignment[] => [
      { part: p.part, path: p.path, value },
      ...(p.with ?? []),
    ];
    const combos: { attacked: Probe['attacked']; assignments: Assignment[] }[] = [];
    if (positions.length === 0) combos.push({ attacked: [], assignments: [] });
    for (const p of usable)
      for (const value of A.objects[p.kind!]!) {
        const others = usable.filter((q) => q !== p);
        const attacked = [{ position: p, value }];
        combos.push({ attacked, assignments: [...others.flatMap(own), ...foreign(p, value)] });
        // Optional fields may be alternatives (`buddyId` or `buddyEmail`): A's value alone too.
        if (others.some((q) => q.optional))
          combos.push({
            attacked,
            assignments: [...others.filter((q) => !q.optional).flatMap(own), ...foreign(p, value)],
          });
      }
    if (usable.length > 1) {
      const all = usable.map((p) => ({ position: p, value: A.objects[p.kind!]![0]! }));
      combos.push({ attacked: all, assignments: all.flatMap((a) => foreign(a.position, a.value)) });
    }
    for (const attacker of ['B admin', 'B user'] as const)
      for (const c of combos) probes.push({ e, attacker, attacked: c.attacked, input: buildInput(e, c.assignments) });
  }
  // Reads first, then writes, deletes last: a delete that wrongly succeeds should not hide
  // what the other requests would have shown.
  const order = { GET: 0, POST: 1, PUT: 1, DELETE: 2 } as const;
  probes.sort((x, y) => order[x.e.method] - order[y.e.method]);
  return { probes, unmapped, missing };
}

let planned: ReturnType<typeof plan>;

beforeAll(async () => {
  s = await startTestServer();
  A = await populate(
    s,
    { id: s.orgId, domain: 'test.perch.local', emailDomain: 'test.perch.local' },
    'Acmesecret',
    (who) => ({ firstname: `Acmesecret${who}`, lastname: `Acmesecretlast${who}` }),
  );
  A.secrets.push('Test Org', 'admin@perch.test');
  const globex = await createOrganization(s, { name: 'Globex', domain: 'globex.example' });
  B = await populate(
    s,
    { id: globex.id, domain: 'globex.example', emailDomain: 'globex.example' },
    'Globexown',
    (who) => ({ firstname: `Globexown${who}`, lastname: `Globexownlast${who}` }),
  );
  planned = plan();
  const tokens: Record<Attacker, string> = {
    'B admin': B.admin.store.load()!.accessToken,
    'B user': B.user.store.load()!.accessToken,
  };

  before = await snapshotOrganization(s.deps.db, A.id);
  let baseline = before;
  const started = Date.now();
  for (const probe of planned.probes) {
    const res = await send(probe, tokens[probe.attacker]);
    outcomes.push({ probe, ...res });
    // Error answers count too: a refusal must not quote A's data either.
    const found = secretsIn(res.text, sentStrings(probe.input));
    let publicAnswer = false;
    if (found.length > 0 && probe.e.public) {
      // Public routes answer everyone alike (sign-in lookups name the organisation of a
      // domain): what an anonymous caller gets too is no tenancy leak.
      const anon = await send(probe, null);
      anonymousRequests++;
      publicAnswer = anon.status === res.status && anon.text === res.text;
    }
    if (found.length > 0 && !publicAnswer)
      exposed.push(`${label(probe)}\n  → ${res.status} showing ${found.join(', ')}\n  ${res.text.slice(0, 600)}`);
    // After every request, reads included (`GET /auth/logout/:where` ends a session).
    const now = await snapshotOrganization(s.deps.db, A.id);
    const diff = describeChanges(baseline, now);
    if (diff) changed.push(`${label(probe)}\n  → ${res.status} ${res.text.slice(0, 300)}\n${diff}`);
    baseline = now;
  }
  matrixMs = Date.now() - started;

  const routesSent = new Set(outcomes.map((o) => o.probe.e.operationId));
  const positions = ALL_ENDPOINTS.reduce((n, e) => n + positionsOf(e).length, 0);
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  // 2xx answers to requests naming A's objects that neither showed nor changed anything of A
  // (idempotent removals, ids the server ignores): no finding, listed with MATRIX_DUMP=1.
  const accepted = outcomes.filter(
    (o) => o.status < 300 && o.probe.attacked.some((a) => !NAME_KINDS.has(a.position.kind!)),
  );
  console.log(
    `isolation matrix: ${outcomes.length} requests (+${anonymousRequests} anonymous comparisons) over ` +
      `${routesSent.size}/${ALL_ROUTES.length} routes and ${positions} id positions, 2 attackers, ` +
      `in ${(matrixMs / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}; ` +
      `${accepted.length} harmless 2xx naming A's objects`,
  );
  if (process.env.MATRIX_DUMP) {
    for (const e of ALL_ENDPOINTS)
      for (const p of positionsOf(e))
        console.log(
          `position ${e.method} ${e.path} ${p.part}.${p.path.join('.')} ${p.kind}${p.optional ? ' (optional)' : ''}`,
        );
    for (const o of outcomes)
      console.log(`${o.status} ${label(o.probe)} ${o.status >= 300 ? o.text.slice(0, 120) : ''}`);
  }
}, 180_000);
afterAll(() => s?.close());

describe('tenant isolation matrix (generated from the route table)', () => {
  it("no answer (success or error) shows A's data to B's admin or user", () => {
    expect(exposed, exposed.join('\n\n')).toEqual([]);
  });

  it("no request of B changes A's data", async () => {
    expect(changed, changed.join('\n\n')).toEqual([]);
    const after = await snapshotOrganization(s.deps.db, A.id);
    const diff = describeChanges(before, after);
    expect(diff, `A's data changed during the matrix:\n${diff}`).toBe('');
  });

  it('covers every route and every id position of the route table', () => {
    expect(planned.unmapped, planned.unmapped.join('\n')).toEqual([]);
    expect(planned.missing, planned.missing.join('\n')).toEqual([]);
    const sent = new Set(outcomes.map((o) => `${o.probe.e.method} ${o.probe.e.path}`));
    const notSent = ALL_ROUTES.map((r) => `${r.method} ${r.path}`).filter((r) => !sent.has(r));
    expect(notSent, `routes the matrix never called: ${notSent.join(', ')}`).toEqual([]);
    for (const e of ALL_ENDPOINTS)
      for (const p of positionsOf(e))
        for (const attacker of ['B admin', 'B user'] as const) {
          const hit = outcomes.some(
            (o) =>
              o.probe.e === e &&
              o.probe.attacker === attacker &&
              o.probe.attacked.some(
                (a) => a.position.part === p.part && a.position.path.join('.') === p.path.join('.'),
              ),
          );
          expect(
            hit,
            `${attacker} never sent A's ${p.kind} in ${e.method} ${e.path} ${p.part}.${p.path.join('.')}`,
          ).toBe(true);
        }
  });

  it("every request passes the server's schema validation, so it reaches the tenancy checks", () => {
    // Every input passed its zod schema before sending (buildInput checks); a 400 from the
    // server's own validation would mean the generator drifted from what the server accepts.
    const schemaRefusals = outcomes.filter(
      (o) => o.status === 400 && /"message":"Invalid (body|querystring|params)/.test(o.text),
    );
    expect(schemaRefusals.map((o) => `${label(o.probe)} → ${o.text.slice(0, 200)}`)).toEqual([]);
  });

  it("the attackers' sessions lived through the matrix (no 401 on a route that needs one)", async () => {
    const refused = outcomes.filter((o) => o.status === 401 && !o.probe.e.public);
    expect(refused.map((o) => `${label(o.probe)} → ${o.text.slice(0, 200)}`)).toEqual([]);
    await B.admin.call(routes.user.me);
    await B.user.call(routes.user.me);
  });

  it('no request of the matrix crashes the server', () => {
    const crashes = outcomes.filter((o) => o.status >= 500);
    expect(crashes.map((o) => `${label(o.probe)} → ${o.status} ${o.text.slice(0, 200)}`)).toEqual([]);
  });
});

describe('the checks of the matrix can fail', () => {
  it("A's own admin reading A's area would count as a leak", async () => {
    const area = A.objects.location![0]!;
    const text = JSON.stringify(await A.admin.call(routes.location.get, { params: { id: area } }));
    expect(secretsIn(text, [area])).toContain('Acmesecret Area');
    const users = JSON.stringify(await A.admin.call(routes.user.list, { query: { q: 'acmesecret' } }));
    expect(secretsIn(users, ['acmesecret'])).toContain('user.acmesecret@test.perch.local');
  });

  it("a change to A's data, or a row of B pointing at A's objects, shows in the snapshot", async () => {
    const start = await snapshotOrganization(s.deps.db, A.id);
    const group = A.objects.group![0]!;
    await A.admin.call(routes.group.update, { params: { id: group }, body: { name: 'Acmesecret Renamed' } });
    expect(describeChanges(start, await snapshotOrganization(s.deps.db, A.id))).toContain('Acmesecret Renamed');
    // B's area allowing A's group: a row of B that references A.
    const mid = await snapshotOrganization(s.deps.db, A.id);
    await sql`INSERT INTO location_allowed_bookers (location_id, group_id) VALUES (${B.objects.location![0]!}, ${group})`.execute(
      s.deps.db,
    );
    expect(describeChanges(mid, await snapshotOrganization(s.deps.db, A.id))).toContain('location_allowed_bookers +');
  });
});
