import type { Endpoint } from '@perch/contract';

/** Where a value travels in a request. */
export type Part = 'params' | 'query' | 'body';

/**
 * Kinds of objects and how a position names one: the tables that map field, parameter and path
 * segment names to kinds (FIELD_KINDS, ID_WORD_KINDS, SEGMENT_KINDS), the positions left out of
 * the matrix (NON_OBJECT_PARAMS, NOT_YET_HELD, ONE_TIME_LINKS, SECRET_ADDRESSES and external ids), whether a name
 * is a position at all (isPosition) and which kind it names (kindOf).
 */

/** Kinds of objects (and references to them) that a request can name. */
export type Kind =
  | 'organization'
  | 'domain'
  | 'user'
  | 'userEmail'
  | 'session'
  | 'group'
  | 'spaceAttribute'
  | 'location'
  | 'space'
  | 'booking'
  | 'recurringBooking'
  | 'buddy'
  | 'authProvider'
  | 'outboxMail'
  | 'providerTestResult'
  | 'mergeRequest'
  | 'passkey'
  | 'totpEnrolment'
  | 'passkeyRegistration'
  | 'passkeyLogin'
  | 'passkeySecondFactor'
  | 'searchTerm';

/**
 * Kinds whose values are names rather than objects of one organisation: the same domain may be
 * pending in several organisations and a search term is just text. A 2xx with such a value is no
 * finding by itself (the secret and snapshot checks still apply).
 */
export const NAME_KINDS: ReadonlySet<Kind> = new Set<Kind>(['domain', 'searchTerm']);

/**
 * Field and parameter names with a fixed kind. Names not listed here that still look like ids
 * (`…Id`, `…Ids`) take the kind of their last word (`approverGroupIds` → group) through
 * ID_WORD_KINDS; `id`, `ids` and unknown words take the kind of the route's resource.
 */
export const FIELD_KINDS: Readonly<Record<string, Kind>> = {
  locationId: 'location',
  /** Query filters of bookings and statistics: an area id. */
  location: 'location',
  spaceId: 'space',
  attributeId: 'spaceAttribute',
  userId: 'user',
  /** The buddy to add is a user (while `/buddy/:id` is the buddy link itself). */
  buddyId: 'user',
  organizationId: 'organization',
  authProviderId: 'authProvider',
  recurringId: 'recurringBooking',
  /** References to a user by email: the booking's owner, a buddy, a list filter, a lookup. */
  userEmail: 'userEmail',
  buddyEmail: 'userEmail',
  user: 'userEmail',
  email: 'userEmail',
  /** `GET /auth/logout/:where`: a session id (or `current` / `all`). */
  where: 'session',
  /** `GET /auth-provider/org/:orgId`, `GET /auth/:providerId/login/:type/`. */
  orgId: 'organization',
  providerId: 'authProvider',
  domain: 'domain',
  /** Free-text searches: tried with a fragment of the other organisation's names. */
  q: 'searchTerm',
  query: 'searchTerm',
};

/** The last word of an id-like name (`approverGroupIds` → `group`) to its kind. */
export const ID_WORD_KINDS: Readonly<Record<string, Kind>> = {
  organization: 'organization',
  user: 'user',
  session: 'session',
  group: 'group',
  attribute: 'spaceAttribute',
  location: 'location',
  space: 'space',
  booking: 'booking',
  recurring: 'recurringBooking',
  buddy: 'buddy',
  provider: 'authProvider',
};

/**
 * Static path segments to the kind of the object they hold: the kind of a path parameter is
 * that of the segment before it (`/location/:locationId/space/:id` → location, space); the
 * resource of a route (for `id` fields in its body and array bodies) is its last mapped segment.
 */
export const SEGMENT_KINDS: Readonly<Record<string, Kind>> = {
  organization: 'organization',
  domain: 'domain',
  user: 'user',
  byEmail: 'userEmail',
  logout: 'session',
  group: 'group',
  /** `/group/:id/member`: the body lists users. */
  member: 'user',
  'space-attribute': 'spaceAttribute',
  attribute: 'spaceAttribute',
  location: 'location',
  space: 'space',
  /** `…/space/:id/approver`, `…/allowedbooker`: the body lists groups. */
  approver: 'group',
  allowedbooker: 'group',
  booking: 'booking',
  'recurring-booking': 'recurringBooking',
  buddy: 'buddy',
  'auth-provider': 'authProvider',
  'mail-outbox': 'outboxMail',
  /** `/user/merge/:id`, `/user/merge/finish/:id`: a request to merge another account into the caller's. */
  merge: 'mergeRequest',
  finish: 'mergeRequest',
};

/**
 * Body and query fields that are checked by name only when they are references. `email` in a
 * body is the caller's own sign-in name (login, preflight) or the new value of the object being
 * saved (user, organisation), not a reference to an existing object; it is one only as the
 * path parameter of `/user/byEmail/:email`.
 */
const PATH_ONLY_NAMES = new Set(['email']);

const ID_LIKE = /^(?:id|ids)$|Ids?$/;

/**
 * Path parameters that name no object of an organisation: catalogue keys, the same in every
 * organisation (`/setting/:name`, `/preference/:name`). Every other path parameter is a position.
 */
export const NON_OBJECT_PARAMS: ReadonlySet<string> = new Set(['setting.name', 'preference.name', 'auth.type']);

/**
 * Id-like names (or `group.route.name` positions) that name no object of Perch: an OAuth
 * client id is the provider's, a WebAuthn credential's id the authenticator's (also inside the
 * `passkeyCredential` of a sign-in).
 */
const EXTERNAL_IDS = new Set([
  'clientId',
  'passkey.registrationFinish.id',
  'passkey.loginFinish.id',
  'auth.login.id',
  'auth.updatePassword.id',
  'auth.verifySecondFactor.id',
]);

/**
 * Positions (`group.route.name`) naming objects this version cannot hold: one-time states of
 * flows that are not available yet (system/unavailable/), sign-in tickets. No
 * organisation has one to name, so the matrix sends made-up values there; remove an entry when
 * its feature is built (and give organisation A such an object in the matrix's populate()).
 */
export const NOT_YET_HELD: ReadonlySet<string> = new Set([
  'auth.verify.id',
  'auth.verifySecondFactor.id',
  'cloud.confirmSignup.id',
]);

/**
 * One-time links (password reset, invitation, contact-email change, organisation deletion,
 * check-in reminder): the id is the credential itself, mailed to the one person who may use it,
 * so naming it is using it, whoever asks. Their single use, expiry and ownership checks are
 * tested with the flows (identity/auth/password-links.test.ts,
 * organizations/organization-life-cycle.test.ts, messaging/booking-mails/check-in-reminders.test.ts).
 */
export const ONE_TIME_LINKS: ReadonlySet<string> = new Set([
  'auth.passwordResetLink.id',
  'auth.resetPassword.id',
  'auth.checkInvitation.id',
  'auth.invitationLink.id',
  'auth.acceptInvitation.id',
  'organization.verifyEmail.uuid',
  'organization.confirmDeletion.id',
  'checkIn.link.id',
]);

/**
 * Credentials in the address: the calendar feed's token, which calendar apps read the feed with,
 * and the team wiki's signed token; naming one is using it, whoever asks. They are tested with
 * their features (messaging/calendar/calendar.test.ts: reset, removal, disabled accounts;
 * identity/wiki-sign-in/: every way a token can be wrong).
 */
export const SECRET_ADDRESSES: ReadonlySet<string> = new Set(['calendar.feedFile.token', 'wiki.signIn.jwt']);

export function isPosition(e: Endpoint, part: Part, name: string): boolean {
  const position = `${e.group}.${e.name}.${name}`;
  if (ONE_TIME_LINKS.has(position) || SECRET_ADDRESSES.has(position)) return false;
  if (NOT_YET_HELD.has(position)) return false;
  if (part === 'params') return !NON_OBJECT_PARAMS.has(`${e.group}.${name}`);
  if (PATH_ONLY_NAMES.has(name) || EXTERNAL_IDS.has(name) || EXTERNAL_IDS.has(position)) return false;
  return ID_LIKE.test(name) || name in FIELD_KINDS;
}

/** Static segments of a path, without parameters. */
function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '' && !s.startsWith(':'));
}

/** Path segments that name an action on the resource before them (`…/space/bulk`, `…/remove`). */
const ACTION_SEGMENTS = new Set(['bulk', 'remove', 'search', 'precheck', 'primary', 'verify']);
/** Leading words of id list names that say what happens to the route's resource (`deleteIds`). */
const ACTION_WORDS = new Set(['delete', 'remove', 'add']);

/** The kind a route is about: its last static segment that is no action, when mapped. */
function resourceKind(e: Endpoint): Kind | undefined {
  const last = segments(e.path)
    .filter((s) => !ACTION_SEGMENTS.has(s))
    .pop();
  return last === undefined ? undefined : SEGMENT_KINDS[last];
}

/** The kind of a position; undefined when no mapping applies (the matrix then fails loudly). */
/** Kinds of single positions (`group.route.name`) whose field name means different things elsewhere. */
const POSITION_KINDS: Readonly<Record<string, Kind>> = {
  'authProvider.testResult.stateId': 'providerTestResult',
  // One-time states of the second factors: each route takes its own kind.
  'passkey.rename.id': 'passkey',
  'passkey.delete.id': 'passkey',
  'passkey.registrationFinish.stateId': 'passkeyRegistration',
  'passkey.loginFinish.stateId': 'passkeyLogin',
  'auth.login.passkeyStateId': 'passkeySecondFactor',
  'auth.updatePassword.passkeyStateId': 'passkeySecondFactor',
  'auth.verifySecondFactor.passkeyStateId': 'passkeySecondFactor',
  'totp.secret.id': 'totpEnrolment',
  'totp.validate.stateId': 'totpEnrolment',
};

export function kindOf(e: Endpoint, part: Part, name: string): Kind | undefined {
  const position = POSITION_KINDS[`${e.group}.${e.name}.${name}`];
  if (position) return position;
  if (part === 'params' && name === 'id') {
    // `/location/:id`, `…/space/:id`: the segment before the parameter.
    const parts = e.path.split('/');
    const before = parts[parts.indexOf(':id') - 1];
    return before === undefined ? undefined : SEGMENT_KINDS[before];
  }
  if (name in FIELD_KINDS) return FIELD_KINDS[name];
  // `id` fields of a body, the elements of an array body: the route's resource.
  if (name === '' || name === 'id' || name === 'ids') return resourceKind(e);
  const word = /([A-Z]?[a-z]+)Ids?$/.exec(name)?.[1]?.toLowerCase();
  if (word !== undefined && word in ID_WORD_KINDS) return ID_WORD_KINDS[word];
  if (word !== undefined && ACTION_WORDS.has(word)) return resourceKind(e);
  return undefined;
}
