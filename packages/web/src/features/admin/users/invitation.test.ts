import { describe, expect, it } from 'vitest';
import { awaitsPassword } from './invitation';

const base = { role: 0, passwordPending: false, requirePassword: true, authProviderId: '' };

describe('invitations', () => {
  it('are for people who sign in with a password but have none yet', () => {
    expect(awaitsPassword({ ...base, passwordPending: true, requirePassword: false })).toBe(true);
    expect(awaitsPassword({ ...base, requirePassword: false })).toBe(true);
    expect(awaitsPassword(base)).toBe(false);
    expect(awaitsPassword({ ...base, requirePassword: false, authProviderId: 'idp-1' })).toBe(false);
  });

  it('are never for service accounts', () => {
    expect(awaitsPassword({ ...base, role: 21, passwordPending: true, requirePassword: false })).toBe(false);
    expect(awaitsPassword({ ...base, role: 22, requirePassword: false })).toBe(false);
  });
});
