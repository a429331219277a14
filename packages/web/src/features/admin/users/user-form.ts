import type { Role as RoleNumber, User, UserSave } from '@perch/contract';
import { isComplexPassword, isEmail, isHumanName, isServiceAccount, Role, TEXT_MAX } from '@perch/contract/values';
import type { MessageKey } from '../../../i18n';

export const EMAIL_MAX = TEXT_MAX.email;
export const NAME_MIN = 2;
export const NAME_MAX = TEXT_MAX.personName;

/** How the person signs in: keep what they have, a password set now, or an invitation to choose one. */
export type SignInChoice = 'keep' | 'password' | 'invitation';

export interface UserFormValues {
  email: string;
  firstname: string;
  lastname: string;
  role: RoleNumber;
  signIn: SignInChoice;
  password: string;
  groupIds: string[];
}

export function userFormValues(user: User | null, groupIds: readonly string[]): UserFormValues {
  return {
    email: user?.email ?? '',
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    role: (user?.role ?? Role.User) as RoleNumber,
    signIn: user ? 'keep' : 'password',
    password: '',
    groupIds: [...groupIds],
  };
}

export function validateEmail(email: string, values: Pick<UserFormValues, 'role'>): MessageKey | null {
  const trimmed = email.trim();
  if (!trimmed) return 'errorRequired';
  // Service accounts sign in with an API token; the server accepts any identifier as their "email".
  if (isServiceAccount(values.role)) return null;
  return isEmail(trimmed) ? null : 'errorInvalidEmail';
}

export function validateName(name: string): MessageKey | null {
  const trimmed = name.trim();
  if (!trimmed) return 'errorRequired';
  if (trimmed.length < NAME_MIN) return 'errorNameTooShort';
  return isHumanName(trimmed) ? null : 'nameRequirements';
}

export function validatePassword(password: string, values: Pick<UserFormValues, 'signIn'>): MessageKey | null {
  if (values.signIn !== 'password') return null;
  if (!password) return 'errorRequired';
  return isComplexPassword(password) ? null : 'passwordRequirements';
}

/** The body of `POST /user/` or `PUT /user/{id}`. */
export function userSaveBody(values: UserFormValues): UserSave {
  const body: UserSave = {
    email: values.email.trim(),
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    role: values.role,
  };
  if (values.signIn === 'password') body.password = values.password;
  if (values.signIn === 'invitation') body.sendInvitation = true;
  return body;
}

export interface MembershipChanges {
  add: string[];
  remove: string[];
}

/** Which groups the person joins and leaves, compared with the memberships loaded. */
export function membershipChanges(before: readonly string[], after: readonly string[]): MembershipChanges {
  const was = new Set(before);
  const now = new Set(after);
  return { add: after.filter((id) => !was.has(id)), remove: before.filter((id) => !now.has(id)) };
}

export function fullName(user: Pick<User, 'firstname' | 'lastname'>): string {
  return `${user.firstname} ${user.lastname}`.trim();
}
