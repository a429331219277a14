import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test-support/http.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../test-support/server.js';

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

  it('forbids a <base> element and sends HSTS only when the public URL is https', async () => {
    const res = await fetch(`${s.url}/healthcheck`);
    expect(res.headers.get('content-security-policy')).toContain("base-uri 'none'");
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const https = await startTestServer({ PUBLIC_URL: 'https://desks.example' }, { reset: false });
    try {
      const secured = await fetch(`${https.url}/healthcheck`);
      expect(secured.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });

  it('keeps tokens and personal data out of every cache', async () => {
    const login = await fetch(`${s.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: s.orgId }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const { accessToken, refreshToken } = (await login.json()) as { accessToken: string; refreshToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const day = new Date().toISOString().slice(0, 10);
    for (const path of [
      '/user/me',
      `/booking/export/?start=${day}T00:00:00Z&end=${day}T23:59:59Z`,
      '/user/',
      '/preference/',
    ]) {
      const res = await fetch(`${s.url}${path}`, { headers: auth });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const refreshed = await fetch(`${s.url}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
    // Refusals too: an error page is no more cacheable than the answer.
    expect((await fetch(`${s.url}/user/me`)).headers.get('cache-control')).toBe('no-store');
  });

  it("serves the web app's source maps only when SERVE_SOURCE_MAPS is on", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Perch</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{"version":3}');
    const off = await startTestServer({ WEB_DIST_DIR: dist }, { reset: false });
    const on = await startTestServer({ WEB_DIST_DIR: dist, SERVE_SOURCE_MAPS: '1' }, { reset: false });
    try {
      expect((await fetch(`${off.url}/ui/assets/index-abc.js`)).status).toBe(200);
      expect((await fetch(`${off.url}/ui/assets/index-abc.js.map`)).status).toBe(404);
      expect((await fetch(`${on.url}/ui/assets/index-abc.js.map`)).status).toBe(200);
    } finally {
      await off.close();
      await on.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
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
