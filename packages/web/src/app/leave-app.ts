/**
 * Leaves the app for a page the server or a sign-in provider shows (a provider's sign-in or
 * logout page). One place, so tests can watch where the app would have gone.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
