import { Role } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../test-support/server.js';

/**
 * Structured request logs: one `info` line per answered request with its id, route pattern,
 * status, response time and the signed-in user and organisation, and never a credential.
 */

let s: TestServer;
let lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  responseTime?: number;
  userId?: string;
  orgId?: string;
}

const parsed = (): LogLine[] => lines.map((l) => JSON.parse(l) as LogLine);
const completed = () => parsed().filter((l) => l.msg === 'request completed');

beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: 'info' }, { logger: { level: 'info', stream } });
});
afterAll(() => s.close());
beforeEach(() => {
  lines = [];
});

async function passwordSignIn(requestId?: string) {
  const res = await fetch(`${s.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: s.orgId }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { accessToken: string; refreshToken: string };
  return { res, ...body };
}

describe('request logs', () => {
  it('log a signed-in request at info with its id, route, status, time, user and organisation', async () => {
    const { res: signIn, accessToken, refreshToken } = await passwordSignIn('trace-4.2_a');
    expect(signIn.headers.get('x-request-id')).toBe('trace-4.2_a');
    const me = await fetch(`${s.url}/user/me?access_token=${accessToken}`, {
      headers: { authorization: `Bearer ${accessToken}`, cookie: `session=${refreshToken}` },
    });
    expect(me.status).toBe(200);
    const meId = me.headers.get('x-request-id')!;
    expect(meId).toMatch(/^[0-9a-f-]{36}$/);
    const adminId = ((await me.json()) as { id: string }).id;

    const signInLine = completed().find((l) => l.reqId === 'trace-4.2_a');
    expect(signInLine).toMatchObject({ level: 30, method: 'POST', route: '/auth/login', status: 200 });
    expect(signInLine?.userId).toBeUndefined();
    const meLine = completed().find((l) => l.reqId === meId);
    expect(meLine).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/user/me',
      status: 200,
      userId: adminId,
      orgId: s.orgId,
    });
    expect(meLine?.responseTime).toEqual(expect.any(Number));

    // Neither the password, nor the tokens (header, cookie or query string), nor the body.
    const text = lines.join('');
    for (const secret of [ADMIN_PASSWORD, accessToken, refreshToken, accessToken.split('.')[2]!, 'Bearer', 'cookie'])
      expect(text).not.toContain(secret);
    expect(text).not.toContain('access_token');
  });

  it('replaces a request id that is not a sane token with a new one', async () => {
    for (const sent of ['a'.repeat(65), 'has space', 'semi;colon', '"quoted"']) {
      const res = await fetch(`${s.url}/healthcheck`, { headers: { 'x-request-id': sent } });
      const id = res.headers.get('x-request-id')!;
      expect(id, sent).toMatch(/^[0-9a-f-]{36}$/);
      expect(completed().find((l) => l.reqId === id)).toMatchObject({ route: '/healthcheck', status: 200 });
    }
    const longest = 'A'.repeat(64);
    expect(
      (await fetch(`${s.url}/healthcheck`, { headers: { 'x-request-id': longest } })).headers.get('x-request-id'),
    ).toBe(longest);
    expect(lines.join('')).not.toContain('semi;colon');
  });

  it('carries the request id on refusals too, and logs unknown routes without their path', async () => {
    const refused = await fetch(`${s.url}/user/me`, { headers: { 'x-request-id': 'refused-1' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('refused-1');
    expect(completed().find((l) => l.reqId === 'refused-1')).toMatchObject({ route: '/user/me', status: 401 });

    const feed = await fetch(`${s.url}/calendar-feed/feedsecret0123456789?token=querysecret42`, {
      headers: { 'x-request-id': 'feed-1' },
    });
    expect(completed().find((l) => l.reqId === 'feed-1')).toMatchObject({
      route: '/calendar-feed/:token',
      status: feed.status,
    });
    await fetch(`${s.url}/no/such/pathsecret99?code=codesecret77`, { headers: { 'x-request-id': 'lost-1' } });
    expect(completed().find((l) => l.reqId === 'lost-1')).toMatchObject({ route: 'unmatched', status: 404 });
    const text = lines.join('');
    for (const secret of ['feedsecret', 'querysecret', 'pathsecret', 'codesecret']) expect(text).not.toContain(secret);
  });

  it('never logs HTTP Basic credentials or API tokens of service accounts', async () => {
    const robotId = await s.createUser({ email: 'robot@test.perch.local', role: Role.ServiceAccountReadWrite });
    const user = `${s.orgId}_robot@test.perch.local`;
    const basic = (password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const good = await fetch(`${s.url}/user/me`, { headers: { authorization: basic(TEST_PASSWORD) } });
    expect(good.status).toBe(200);
    const bad = await fetch(`${s.url}/user/me`, { headers: { authorization: basic('Wrong!pass9') } });
    expect(bad.status).toBe(401);
    const token = ((await s.admin.post<{ token: string }>(`/user/${robotId}/api-token`)).data as { token: string })
      .token;
    const viaToken = await fetch(`${s.url}/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(viaToken.status).toBe(200);

    const robotLines = completed().filter((l) => l.userId === robotId);
    expect(robotLines).toHaveLength(2);
    expect(robotLines.every((l) => l.orgId === s.orgId && l.route === '/user/me')).toBe(true);
    const text = lines.join('');
    for (const secret of [
      TEST_PASSWORD,
      'Wrong!pass9',
      basic(TEST_PASSWORD).slice(6),
      basic('Wrong!pass9').slice(6),
      token,
    ])
      expect(text).not.toContain(secret);
  });
});
