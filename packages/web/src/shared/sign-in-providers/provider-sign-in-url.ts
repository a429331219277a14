/**
 * Where the browser goes to sign in through a provider: the server runs the provider's flow and
 * comes back to `/ui/login/success/…` (`ui`), or for an admin's test to the test result page (`test`).
 */
export function providerSignInUrl(providerId: string, redirectTarget?: string): string {
  const base = `/auth/${encodeURIComponent(providerId)}/login/ui/`;
  return redirectTarget ? `${base}?redir=${encodeURIComponent(redirectTarget)}` : base;
}

export function providerTestUrl(providerId: string): string {
  return `/auth/${encodeURIComponent(providerId)}/login/test/`;
}
