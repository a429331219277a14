import type { ApiTokenState } from '@perch/contract';
import type { UserRow } from '../../db/schema.js';

export function presentApiTokenState(
  u: Pick<UserRow, 'api_token_hash' | 'api_token_created_at' | 'api_token_last_used_at'>,
): ApiTokenState {
  const configured = u.api_token_hash !== null;
  return {
    configured,
    createdAt: configured ? (u.api_token_created_at?.toISOString() ?? null) : null,
    lastUsedAt: configured ? (u.api_token_last_used_at?.toISOString() ?? null) : null,
  };
}
