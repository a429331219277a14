import type { CaldavConnect } from '@perch/contract';
import type { MessageKey } from '../../../i18n';

/** What the user typed to connect a CalDAV calendar. */
export interface CaldavFormValues {
  url: string;
  username: string;
  password: string;
}

/** The stored connection a change starts from (its password stays on the server). */
export interface StoredConnection {
  url: string;
  username: string;
}

export type CaldavFormErrors = Partial<Record<keyof CaldavFormValues, MessageKey>>;

/** The contract's limits on the connection fields. */
const MAX_URL = 256;
const MAX_FIELD = 256;

function isHttpUrl(value: string): boolean {
  if (value.length > MAX_URL) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The password may stay empty only when a stored connection is changed and its server and user
 * name stay the same: the server then keeps the saved one.
 */
export function canKeepPassword(values: CaldavFormValues, stored: StoredConnection | null): boolean {
  return stored !== null && values.url.trim() === stored.url && values.username.trim() === stored.username;
}

/** Mistakes to show before asking the server, field by field. */
export function validateCaldavForm(values: CaldavFormValues, stored: StoredConnection | null): CaldavFormErrors {
  const errors: CaldavFormErrors = {};
  if (!isHttpUrl(values.url.trim())) errors.url = 'caldavUrlInvalid';
  if (values.username.trim() === '' || values.username.length > MAX_FIELD) errors.username = 'caldavUsernameRequired';
  if (values.password.length > MAX_FIELD) errors.password = 'caldavPasswordRequired';
  else if (values.password === '' && !canKeepPassword(values, stored))
    errors.password = stored ? 'caldavPasswordNeededForNewAccount' : 'caldavPasswordRequired';
  return errors;
}

/** The `PUT /preference/caldav/connection` body; without a password the stored one is kept. */
export function connectBody(values: CaldavFormValues, path: string): CaldavConnect {
  return {
    url: values.url.trim(),
    username: values.username.trim(),
    path,
    ...(values.password !== '' ? { password: values.password } : {}),
  };
}
