/**
 * Addresses of the sign-in screen and the password pages, relative to the app's base (`/ui`).
 * The server's mails link to `/ui/resetpw/<id>/` and `/ui/setpw/<id>/`.
 */

/** The sign-in screen, with the address filled in when known. */
export function signInPath(email = ''): string {
  return email ? `/login?email=${encodeURIComponent(email)}` : '/login';
}

/** The page that mails a reset link, carrying what the sign-in screen knew: the address and its organisation. */
export function resetRequestPath(email = '', organizationId = ''): string {
  const params = new URLSearchParams();
  if (email) params.set('email', email);
  if (email && organizationId) params.set('org', organizationId);
  const query = params.toString();
  return query ? `/resetpw/?${query}` : '/resetpw/';
}
