import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath } from './redirect-path.js';

describe('isSafeRedirectPath', () => {
  it('lets paths of this site through, with their query', () => {
    for (const path of ['/', '/bookings', '/search?lid=1&sid=2', '/admin/users?q=a%20b', '/ui/x#top'])
      expect(isSafeRedirectPath(path), path).toBe(true);
  });

  it('refuses other sites and anything a browser could turn into one', () => {
    for (const path of [
      null,
      undefined,
      '',
      'search',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      '/\u0000/evil.example',
      '/\u007f/evil.example',
      '/\u0085/evil.example',
      '/\u3000/evil.example',
      '/\u00a0/evil.example',
      '/\u2028/evil.example',
      '/\u200b/evil.example',
      '/\ufeff/evil.example',
      '/ /evil.example',
      '/a\\b',
    ])
      expect(isSafeRedirectPath(path), JSON.stringify(path)).toBe(false);
  });
});
