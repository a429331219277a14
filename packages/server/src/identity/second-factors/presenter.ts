import type { Passkey } from '@perch/contract';
import type { PasskeyRow } from './repo.js';

/** A passkey as its owner sees it: its name and dates, never its key material. */
export function presentPasskey(p: PasskeyRow): Passkey {
  return {
    id: p.id,
    name: p.name,
    createdAt: p.created_at.toISOString(),
    lastUsedAt: p.last_used_at ? p.last_used_at.toISOString() : null,
  };
}

/** A passkey just registered (it has not been used yet). */
export function presentRegisteredPasskey(p: PasskeyRow): Omit<Passkey, 'lastUsedAt'> {
  const { id, name, createdAt } = presentPasskey(p);
  return { id, name, createdAt };
}
