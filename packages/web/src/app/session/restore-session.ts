import { fetchSignedInSession, type SignedInSession } from './session-data';
import type { WebApi } from './web-client';

/**
 * Session start (SPEC §4): with no access token in session storage but a refresh token in
 * local storage, refresh first; then load the user and the settings. Any failure deletes the
 * stored credentials and the app continues signed out.
 */
export async function restoreSession({ client, store }: WebApi): Promise<SignedInSession | null> {
  if (!store.load()) return null;
  try {
    if (store.needsRefresh()) await client.refresh();
    return await fetchSignedInSession(client);
  } catch {
    client.clearCredentials();
    return null;
  }
}
