import { describe, expect, it } from 'vitest';
import {
  membershipChanges,
  userFormValues,
  userSaveBody,
  validateEmail,
  validateName,
  validatePassword,
} from './user-form';

describe('user form', () => {
  it('checks email addresses, except for service accounts, whose identifier is free', () => {
    expect(validateEmail('', { role: 0 })).toBe('errorRequired');
    expect(validateEmail('not-an-address', { role: 0 })).toBe('errorInvalidEmail');
    expect(validateEmail(' ada@example.com ', { role: 0 })).toBeNull();
    expect(validateEmail('reporting-bot', { role: 22 })).toBeNull();
  });

  it('checks names with the server’s rule', () => {
    expect(validateName(' ')).toBe('errorRequired');
    expect(validateName('A')).toBe('errorNameTooShort');
    expect(validateName('Ada <script>')).toBe('nameRequirements');
    expect(validateName("Zoë O'Brien-Smith")).toBeNull();
  });

  it('asks for a complex password only when one is being set', () => {
    expect(validatePassword('', { signIn: 'keep' })).toBeNull();
    expect(validatePassword('', { signIn: 'invitation' })).toBeNull();
    expect(validatePassword('', { signIn: 'password' })).toBe('errorRequired');
    expect(validatePassword('password', { signIn: 'password' })).toBe('passwordRequirements');
    expect(validatePassword('Secret!pass1', { signIn: 'password' })).toBeNull();
  });

  it('sends a password or the invitation flag, never both, and nothing to keep the sign-in', () => {
    const base = { ...userFormValues(null, []), email: ' ada@example.com ', firstname: 'Ada ', lastname: 'Lovelace' };
    expect(userSaveBody({ ...base, password: 'Secret!pass1' })).toEqual({
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      role: 0,
      password: 'Secret!pass1',
    });
    expect(userSaveBody({ ...base, signIn: 'invitation', password: 'left over' })).toMatchObject({
      sendInvitation: true,
    });
    expect(userSaveBody({ ...base, signIn: 'invitation' })).not.toHaveProperty('password');
    expect(userSaveBody({ ...base, signIn: 'keep' })).not.toHaveProperty('password');
  });

  it('starts new people with a password and existing ones with their current sign-in', () => {
    expect(userFormValues(null, []).signIn).toBe('password');
  });

  it('works out which groups to join and leave', () => {
    expect(membershipChanges(['a', 'b'], ['b', 'c'])).toEqual({ add: ['c'], remove: ['a'] });
    expect(membershipChanges([], [])).toEqual({ add: [], remove: [] });
  });
});
