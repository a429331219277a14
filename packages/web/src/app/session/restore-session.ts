import { ApiError } from '@perch/client';
import { fetchSignedInSession, type SignedInSession } from './session-data';
import type { WebApi } from './web-client';

export type RestoredSession =
  | { status: 'signedIn'; session: SignedInSession }
  | { status: 'signedOut' }
  /** The server could not be reached or failed; the credentials are kept for the next try. */
  | { status: 'unreachable' };

/**
 * Session start: with no access token in session storage but a refresh token in
 * local storage, refresh first; then load the user and the settings. When the server refuses,
 * the stored credentials are deleted and the app continues signed out. When it cannot be
 * reached (offline, a restart, a proxy error), the credentials stay: a network blip must not
 * sign anybody out.
 */
export async function restoreSession({ client, store }: WebApi): Promise<RestoredSession> {
  if (!store.load()) return { status: 'signedOut' };
  try {
    if (store.needsRefresh()) await client.refresh();
    return { status: 'signedIn', session: await fetchSignedInSession(client) };
  } catch (e) {
    if (e instanceof ApiError && e.temporary && store.load()) return { status: 'unreachable' };
    client.clearCredentials();
    return { status: 'signedOut' };
  }
}
