import type { Credentials, Session } from '@perch/contract';
import type { SessionRow } from '../../db/schema.js';

/** A session as its owner sees it; `current` marks the one the request came in on. */
export function presentSession(
  s: Pick<SessionRow, 'id' | 'user_id' | 'device' | 'created_at' | 'last_activity'>,
  /** The session of the request; null when it has none (a service account). */
  currentSessionId: string | null,
): Session {
  return {
    id: s.id,
    userId: s.user_id,
    device: s.device,
    created: s.created_at.toISOString(),
    lastActivity: s.last_activity.toISOString(),
    current: s.id === currentSessionId,
  };
}

/** Tokens of a new or refreshed session. */
export function presentCredentials(c: {
  accessToken: string;
  accessTokenExpiry: number;
  refreshToken: string;
}): Credentials {
  return {
    accessToken: c.accessToken,
    accessTokenExpiry: c.accessTokenExpiry,
    refreshToken: c.refreshToken,
    logoutUrl: '',
    profilePageUrl: '',
  };
}
