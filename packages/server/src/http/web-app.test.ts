import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControlFor } from './web-app.js';

describe('web app caching', () => {
  const dist = path.join(path.sep, 'srv', 'perch', 'web', 'dist');
  it('keeps hashed assets for a year, checks the service worker every time, the rest hourly', () => {
    expect(cacheControlFor(path.join(dist, 'assets', 'index-DEAZe0SF.js'))).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor(path.join(dist, 'sw.js'))).toBe('no-cache');
    expect(cacheControlFor(path.join(dist, 'manifest.webmanifest'))).toBe('public, max-age=3600');
    expect(cacheControlFor(path.join(dist, 'icon-192.png'))).toBe('public, max-age=3600');
  });
});
