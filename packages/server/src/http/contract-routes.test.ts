import { ALL_ENDPOINTS, ALL_ROUTES, api, routes, type Endpoint } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { compareWithContract, NON_API_PATH, type RegisteredRoute } from './contract-routes.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const key = (method: string, url: string) => `${method} ${url}`;

describe('routes and the contract', () => {
  it('every contract endpoint has a handler, and every API route is a contract endpoint', () => {
    const api = s.app.registeredRoutes.filter((r) => r.endpoint);
    expect(api.map((r) => key(r.method, r.url)).sort()).toEqual(ALL_ENDPOINTS.map((e) => key(e.method, e.path)).sort());
    for (const e of ALL_ENDPOINTS)
      expect(s.app.hasRoute({ method: e.method, url: e.path }), key(e.method, e.path)).toBe(true);
    const others = s.app.registeredRoutes.filter((r) => !r.endpoint).map((r) => r.url);
    expect(others.filter((u) => !NON_API_PATH.test(u))).toEqual([]);
    expect(others).toEqual(expect.arrayContaining(['/', '/ui/*', '/admin/*', '/robots.txt', '/docs/json']));
    expect(compareWithContract(s.app.registeredRoutes, ALL_ENDPOINTS)).toEqual({ missing: [], unexpected: [] });
  });

  it('notices an endpoint without a handler and a route outside the contract', () => {
    const served: RegisteredRoute[] = ALL_ENDPOINTS.map((e) => ({ method: e.method, url: e.path, endpoint: e }));
    const withoutLogin = served.filter((r) => r.endpoint !== api.auth.login);
    expect(compareWithContract(withoutLogin, ALL_ENDPOINTS)).toEqual({ missing: ['POST /auth/login'], unexpected: [] });
    const extra = [...served, { method: 'GET', url: '/booking/secret', endpoint: undefined }];
    expect(compareWithContract(extra, ALL_ENDPOINTS)).toEqual({ missing: [], unexpected: ['GET /booking/secret'] });
    // The web app and the documentation are not API routes.
    const pages = [
      ...served,
      ...['/ui/*', '/', '/_app', '/admin/*', '/robots.txt', '/docs/json'].map((url) => ({
        method: 'GET',
        url,
        endpoint: undefined,
      })),
    ];
    expect(compareWithContract(pages, ALL_ENDPOINTS)).toEqual({ missing: [], unexpected: [] });
  });

  it('has one endpoint per route, with params named like the path and a unique operation id', () => {
    expect(ALL_ENDPOINTS.map((e) => key(e.method, e.path))).toEqual(ALL_ROUTES.map((r) => key(r.method, r.path)));
    expect(new Set(ALL_ENDPOINTS.map((e) => key(e.method, e.path))).size).toBe(ALL_ENDPOINTS.length);
    expect(new Set(ALL_ENDPOINTS.map((e) => e.operationId)).size).toBe(ALL_ENDPOINTS.length);
    for (const e of ALL_ENDPOINTS as Endpoint[]) {
      const names = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      expect(Object.keys(e.params?.shape ?? {}).sort(), key(e.method, e.path)).toEqual(names);
    }
    expect(routes.booking.create).toMatchObject({ method: 'POST', path: '/booking/', status: 201 });
  });
});

describe('the OpenAPI document', () => {
  interface Op {
    operationId?: string;
    summary?: string;
    security?: unknown[];
    responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
  }
  let paths: Record<string, Record<string, Op>>;
  beforeAll(async () => {
    paths = ((await (await fetch(`${s.url}/docs/json`)).json()) as { paths: typeof paths }).paths;
  });
  const op = (method: string, path: string) => paths[path.replace(/:([A-Za-z]+)/g, '{$1}')]![method.toLowerCase()]!;

  it('describes every endpoint with its summary, operation id and real success status', () => {
    for (const e of ALL_ENDPOINTS) {
      const o = op(e.method, e.path);
      expect(o.operationId).toBe(e.operationId);
      expect(o.summary).toBe(e.summary);
      expect(Object.keys(o.responses), key(e.method, e.path)).toContain(String(e.status));
      expect(Object.keys(o.responses)).not.toContain('default');
    }
    expect(op('POST', '/booking/').responses['201']!.headers).toHaveProperty('x-object-id');
    expect(Object.keys(op('DELETE', '/booking/:id').responses)).toContain('204');
    expect(Object.keys(op('POST', '/organization/:id/domain/:domain/verify').responses)).toEqual(
      expect.arrayContaining(['200', '204']),
    );
    expect(op('POST', '/recurring-booking/').responses['201']!.content).toHaveProperty('application/json');
    expect(op('GET', '/booking/export/').responses['200']!.content).toHaveProperty('text/csv');
  });

  it('lists the error answers with their X-Error-Code values', () => {
    const create = op('POST', '/booking/').responses;
    expect(Object.keys(create)).toEqual(expect.arrayContaining(['400', '401', '403', '409', '429']));
    expect(create['409']!.headers!['x-error-code']).toMatchObject({ schema: { enum: [1001] } });
    expect((create['400']!.headers!['x-error-code'] as { schema: { enum: number[] } }).schema.enum).toContain(1004);
    expect(op('DELETE', '/booking/:id').responses['403']!.headers!['x-error-code']).toMatchObject({
      schema: { enum: [1008] },
    });
    expect(op('GET', '/booking/:id').responses['404']).toBeDefined();
  });

  it('asks for no sign-in on public routes only', () => {
    for (const e of ALL_ENDPOINTS) {
      const o = op(e.method, e.path);
      if (e.public) expect(o.security, key(e.method, e.path)).toEqual([]);
      else expect(o.security, key(e.method, e.path)).toBeUndefined();
    }
    expect(op('POST', '/auth/login').responses['401']).toBeDefined();
    expect(op('GET', '/user/me').responses['401']).toBeDefined();
  });
});
