import { describe, expect, it } from 'vitest';
import { routerBasename } from './base-path';
import { safeRedirectTarget, signInPathFor } from './safe-redirect';

describe('safeRedirectTarget', () => {
  it('follows app-relative paths with their query', () => {
    expect(safeRedirectTarget('/bookings')).toBe('/bookings');
    expect(safeRedirectTarget('/search?lid=1&sid=2')).toBe('/search?lid=1&sid=2');
  });

  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil',
    '/\n/evil',
    '/\u3000/evil',
    '/\u0085/evil',
    'search',
    '/login',
  ])('goes to the booking page instead of %j', (redir) => {
    expect(safeRedirectTarget(redir)).toBe('/search');
  });

  it('round-trips through the sign-in link', () => {
    const link = new URL(signInPathFor('/admin/users?q=a&b=c'), 'http://x');
    expect(safeRedirectTarget(link.searchParams.get('redir'))).toBe('/admin/users?q=a&b=c');
  });
});

describe('routerBasename', () => {
  it('routes under /_app when the shell route loaded the app, else under /ui', () => {
    expect(routerBasename('/_app')).toBe('/_app');
    expect(routerBasename('/_app/search')).toBe('/_app');
    expect(routerBasename('/ui/search')).toBe('/ui');
    expect(routerBasename('/_apple')).toBe('/ui');
  });
});
