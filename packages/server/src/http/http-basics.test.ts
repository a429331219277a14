import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ CORS_ORIGINS: 'https://app.example,https://other.example' });
});
afterAll(() => s.close());

describe('HTTP basics', () => {
  it('answers the health check', async () => {
    const res = await fetch(`${s.url}/healthcheck`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success', code: 200, errors: null });
  });

  it('sends the security headers: a CSP without inline scripts, nosniff, no referrer, same-origin framing', async () => {
    const res = await fetch(`${s.url}/healthcheck`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('lets configured frame ancestors embed the app', async () => {
    const embedded = await startTestServer({ FRAME_ANCESTORS: 'https://wiki.example' }, { reset: false });
    try {
      const res = await fetch(`${embedded.url}/healthcheck`);
      expect(res.headers.get('content-security-policy')).toContain('frame-ancestors https://wiki.example');
      expect(res.headers.get('x-frame-options')).toBeNull();
    } finally {
      await embedded.close();
    }
  });

  it('allows CORS from the configured origins only and exposes the API headers', async () => {
    const pre = await rawRequest(`${s.url}/user/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://app.example');
    const res = await rawRequest(`${s.url}/healthcheck`, { headers: { origin: 'https://app.example' } });
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-Object-Id');
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-Error-Code');
    const evil = await rawRequest(`${s.url}/healthcheck`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('redirects / and /admin/… to the web app', async () => {
    const root = await rawRequest(`${s.url}/`);
    expect(root.status).toBe(307);
    expect(root.headers.location).toBe('/ui/');
    const admin = await rawRequest(`${s.url}/admin/users/`);
    expect(admin.status).toBe(307);
    expect(admin.headers.location).toBe('/ui/admin/users/');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const doc = (await (await fetch(`${s.url}/docs/json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/auth/login']!.post!;
    expect(login.requestBody!.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'organizationId']),
    );
    expect((await fetch(`${s.url}/docs/`)).status).toBe(200);
  });

  it('answers 401 without credentials on private routes, with an empty JSON error', async () => {
    const res = await fetch(`${s.url}/user/`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: 401 });
  });
});
