import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { deleteSession, deleteSessionOfUser, deleteSessionsOfUser } from './repo.js';

/**
 * Signs the caller out: `current` ends the session of the request, `all` every session of
 * the user, a session id that one session of theirs. Needs a valid access token.
 */
export async function signOut(deps: AppDeps, auth: AuthContext | null, where: string): Promise<void> {
  if (!auth) throw badRequest('Signing out needs a valid access token');
  // Service accounts authenticate every request on its own: there is no session to end.
  if (auth.sessionId === null) throw badRequest('Service accounts have no session to sign out of');
  if (where === 'current') {
    await deleteSession(deps.db, auth.sessionId);
  } else if (where === 'all') {
    await deleteSessionsOfUser(deps.db, auth.userId);
  } else if (isUuid(where)) {
    if (!(await deleteSessionOfUser(deps.db, where.toLowerCase(), auth.userId))) throw notFound('Unknown session');
  } else {
    throw badRequest('Sign out "current", "all" or a session id');
  }
}
