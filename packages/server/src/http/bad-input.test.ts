import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

/**
 * Every API route, taken from the OpenAPI document, gets malformed JSON, wrong types,
 * unknown and malformed ids and an oversized body. Each must answer with a 4xx: bad input
 * is the client's problem, never a 500.
 */
let s: TestServer;
let routes: { method: string; path: string; hasBody: boolean }[] = [];
/** Routes whose body is raw bytes (an image), not JSON. */
const RAW_BODY = ['/location/{id}/map'];
/** Routes that take an HTML form (a SAML response), not JSON: JSON gets 415. */
const FORM_BODY = ['/auth/{providerId}/callback'];
let token = '';

beforeAll(async () => {
  s = await startTestServer();
  const doc = (await (await fetch(`${s.url}/docs/json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'delete'].includes(m))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, hasBody: op.requestBody !== undefined })),
  );
  token = s.admin.store.load()!.accessToken;
});
afterAll(() => s.close());

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
const withBody = (m: string) => m === 'POST' || m === 'PUT' || m === 'DELETE';

async function send(method: string, path: string, body?: string | Buffer) {
  return rawRequest(s.url + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
}

function expect4xx(label: string, status: number) {
  expect(status, label).toBeGreaterThanOrEqual(400);
  expect(status, label).toBeLessThan(500);
}

describe('bad input on every route', () => {
  it('covers the API', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'POST', path: '/user/', hasBody: true });
    expect(routes).toContainEqual({ method: 'PUT', path: '/setting/', hasBody: true });
  });

  it('malformed JSON bodies give 400', async () => {
    for (const r of routes.filter((x) => withBody(x.method))) {
      const res = await send(r.method, fill(r.path, '00000000-0000-4000-8000-000000000000'), '{"broken": ');
      if (RAW_BODY.includes(r.path)) expect4xx(`${r.method} ${r.path}`, res.status);
      else if (FORM_BODY.includes(r.path)) expect(res.status, `${r.method} ${r.path}`).toBe(415);
      else expect(res.status, `${r.method} ${r.path}`).toBe(400);
    }
  });

  it('wrong types give 4xx', async () => {
    const bodies = [
      '[1,2,3]',
      '"text"',
      '42',
      'null',
      '{"email":5,"name":[],"value":{},"password":true,"refreshToken":7}',
    ];
    for (const r of routes.filter((x) => x.hasBody)) {
      for (const body of bodies) {
        const res = await send(r.method, fill(r.path, '00000000-0000-4000-8000-000000000000'), body);
        expect4xx(`${r.method} ${r.path} ${body}`, res.status);
      }
    }
  });

  it('unknown and malformed ids give 4xx', async () => {
    for (const r of routes.filter((x) => x.path.includes('{'))) {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "x'%20OR%201=1", '%00', 'a'.repeat(200)]) {
        const res = await send(r.method, fill(r.path, id), withBody(r.method) ? '{}' : undefined);
        expect4xx(`${r.method} ${fill(r.path, id)}`, res.status);
      }
    }
  });

  it('oversized bodies give 413', async () => {
    // Larger than every JSON limit (bulk space saves allow 8 MB), smaller than the image limit.
    const huge = JSON.stringify({ value: 'x'.repeat(9 * 1024 * 1024) });
    for (const r of routes.filter((x) => (x.method === 'POST' || x.method === 'PUT') && !RAW_BODY.includes(x.path))) {
      const path = fill(r.path, '00000000-0000-4000-8000-000000000000');
      const res = FORM_BODY.includes(r.path)
        ? await rawRequest(s.url + path, {
            method: r.method,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `SAMLResponse=${'x'.repeat(9 * 1024 * 1024)}`,
          })
        : await send(r.method, path, huge);
      expect(res.status, `${r.method} ${r.path}`).toBe(413);
    }
  });

  it('an unknown route or method gives 404', async () => {
    expect((await send('GET', '/no/such/route')).status).toBe(404);
    expect((await send('PATCH', '/user/')).status).toBe(404);
    const res = await send('GET', '/booking-nope/');
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: 404 });
  });

  it('a non-JSON content type gives 415', async () => {
    const res = await rawRequest(`${s.url}/user/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/xml' },
      body: '<user/>',
    });
    expect(res.status).toBe(415);
  });

  it('an empty JSON body is accepted where no body is needed', async () => {
    const res = await send('GET', '/user/me', '');
    expect(res.status).toBe(200);
    const del = await rawRequest(`${s.url}/user/00000000-0000-4000-8000-000000000000`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(del.status).toBe(404);
  });
});
