import { describe, expect, it } from 'vitest';
import { mayChangeRole, mayDeleteUser, mayManageUser, roleOptions } from './role-rules';

const orgAdmin = { id: 'oa', role: 20 };
const superAdmin = { id: 'su', role: 90 };
const spaceAdmin = { id: 'sa', role: 10 };
const person = { id: 'p', role: 0 };
const serviceAccount = { id: 'svc', role: 22 };

describe('role rules', () => {
  it('offers an organisation admin every role up to their own, plus the service accounts', () => {
    expect(roleOptions(orgAdmin, null)).toEqual([0, 10, 20, 21, 22]);
    expect(roleOptions(superAdmin, null)).toEqual([0, 10, 20, 21, 22, 90]);
  });

  it('keeps the current role of the edited person in the list even when it could not be granted', () => {
    expect(roleOptions(orgAdmin, superAdmin)).toContain(90);
    expect(roleOptions(orgAdmin, person)).not.toContain(90);
  });

  it('never lets anyone change their own role', () => {
    expect(mayChangeRole(orgAdmin, orgAdmin)).toBe(false);
    expect(mayChangeRole(superAdmin, superAdmin)).toBe(false);
    expect(mayChangeRole(orgAdmin, person)).toBe(true);
    expect(mayChangeRole(orgAdmin, null)).toBe(true);
  });

  it('keeps super admins out of an organisation admin’s reach, but not service accounts', () => {
    expect(mayManageUser(orgAdmin, superAdmin)).toBe(false);
    expect(mayDeleteUser(orgAdmin, superAdmin)).toBe(false);
    expect(mayChangeRole(orgAdmin, superAdmin)).toBe(false);
    expect(mayManageUser(orgAdmin, serviceAccount)).toBe(true);
    expect(mayManageUser(superAdmin, orgAdmin)).toBe(true);
  });

  it('lets admins edit themselves but not delete themselves', () => {
    expect(mayManageUser(orgAdmin, orgAdmin)).toBe(true);
    expect(mayDeleteUser(orgAdmin, orgAdmin)).toBe(false);
    expect(mayDeleteUser(orgAdmin, person)).toBe(true);
  });

  it('gives space admins no user management at all', () => {
    expect(mayManageUser(spaceAdmin, person)).toBe(false);
    expect(mayDeleteUser(spaceAdmin, person)).toBe(false);
  });
});
