import type { AuthProvider, Credentials } from '@perch/contract';
import type { TestServer } from './server.js';

/**
 * Drives a provider sign-in the way a browser does: Perch's login URL, the provider's pages,
 * back to Perch's callback, and the web app's success page. Perch's public address (PUBLIC_URL)
 * is mapped to the test server, as a reverse proxy would.
 */
export const TEST_PUBLIC_URL = 'https://perch.example.com';

export async function follow(
  s: TestServer,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; location: string; body: string }> {
  const target = url.startsWith(TEST_PUBLIC_URL) ? s.url + url.slice(TEST_PUBLIC_URL.length) : url;
  const res = await fetch(target, { ...init, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '', body: await res.text() };
}

/** Where a sign-in ended: the ticket of the success page, or the failed page's parameters. */
export interface SignInEnd {
  location: string;
  ticket?: string;
  failed?: URLSearchParams;
  testResult?: string;
}

export function endOf(location: string): SignInEnd {
  const url = new URL(location);
  const success = /^\/ui\/login\/success\/([0-9a-f-]{36})\/$/.exec(url.pathname);
  if (success) return { location, ticket: success[1] };
  if (url.pathname === '/ui/login/failed/') return { location, failed: url.searchParams };
  const test = /^\/ui\/admin\/auth-providers\/[0-9a-f-]{36}\/test\/([0-9a-f-]{36})\/$/.exec(url.pathname);
  if (test) return { location, testResult: test[1] };
  return { location };
}

/** Redeems a ticket as the web app's success page does. */
export const verifyTicket = (s: TestServer, ticket: string) => s.client().get<Credentials>(`/auth/verify/${ticket}`);

/** Creates a provider through the API as the bootstrap admin and returns it as read back. */
export async function createProvider(
  s: TestServer,
  body: Partial<AuthProvider> & { name: string },
): Promise<AuthProvider> {
  const res = await s.admin.post('/auth-provider/', body);
  return s.admin.get<AuthProvider>(`/auth-provider/${res.objectId as string}`);
}
