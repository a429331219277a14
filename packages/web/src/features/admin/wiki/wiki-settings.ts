import type { Setting } from '@perch/contract';
import { parseOrigins, SETTINGS, WIKI_SECRET_MIN_BYTES } from '@perch/contract/values';
import type { Message } from '../../../i18n';

/**
 * A secret shorter than this, in bytes (UTF-8, as the wiki signs with it), is too easy to guess
 * for signing the wiki's tokens; the server refuses to save it and to sign anyone in with it.
 */
export const SECRET_MIN_BYTES = WIKI_SECRET_MIN_BYTES;
const SECRET_MAX_LENGTH = SETTINGS.confluence_server_shared_secret.maxLength ?? 256;
const ORIGINS_MAX_LENGTH = SETTINGS.confluence_frame_origins.maxLength ?? 2048;

/** The team wiki's settings as the screen edits them. */
export interface WikiValues {
  /** A new shared secret; '' keeps the stored one (the server never returns it). */
  secret: string;
  /** The allowed frame origins, one per line. */
  origins: string;
  anonymous: boolean;
  /** Wiki users on a domain the organisation has not verified sign in with their local part on its domain. */
  mapForeignDomains: boolean;
}

/** What is stored: whether a secret is set, the origins one per line, the two switches. */
export interface WikiStored {
  secretSet: boolean;
  origins: string;
  anonymous: boolean;
  mapForeignDomains: boolean;
}

/** Reads the organisation's settings (`GET /setting/`; a set secret reads "1"). */
export function wikiStored(list: readonly Setting[]): WikiStored {
  const value = (name: string) => list.find((s) => s.name === name)?.value ?? '';
  return {
    secretSet: value('confluence_server_shared_secret') !== '',
    origins: value('confluence_frame_origins').split(/\s+/).filter(Boolean).join('\n'),
    anonymous: value('confluence_anonymous') === '1',
    mapForeignDomains: value('confluence_map_foreign_domains') === '1',
  };
}

export function initialWikiValues(stored: WikiStored): WikiValues {
  return {
    secret: '',
    origins: stored.origins,
    anonymous: stored.anonymous,
    mapForeignDomains: stored.mapForeignDomains,
  };
}

/** The secret's length as the wiki's signature counts it: bytes of UTF-8 (an "é" is two). */
export const secretBytes = (secret: string): number => new TextEncoder().encode(secret).length;

const entriesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * One entry as an origin in its normal form (`https://Wiki.Example.com:443/` → `https://wiki.example.com`),
 * or null when it is none: not http(s), with a path, query or credentials, or a wildcard.
 */
export const normalOrigin = (entry: string): string | null => parseOrigins(entry)?.[0] ?? null;

/** The origins as the server stores them (normal form, space-separated), or null when one is not an origin. */
export const normalOrigins = (text: string): string | null => parseOrigins(text)?.join(' ') ?? null;

/** What is wrong with the origins: the first entry that is no `scheme://host[:port]`. */
export function originsProblem(text: string): Message | null {
  const invalid = entriesOf(text).find((entry) => normalOrigin(entry) === null);
  if (invalid !== undefined) return { key: 'wikiOriginsInvalid', values: { entry: invalid } };
  const normal = normalOrigins(text);
  if (normal !== null && normal.length > ORIGINS_MAX_LENGTH) return { key: 'wikiOriginsTooLong' };
  return null;
}

/** What is wrong with a new secret ('' is fine: it keeps the stored one). */
export function secretProblem(secret: string): Message | null {
  if (secret === '') return null;
  if (/\s/.test(secret)) return { key: 'wikiSecretSpaces' };
  if (secretBytes(secret) < SECRET_MIN_BYTES) return { key: 'wikiSecretTooShort', values: { count: SECRET_MIN_BYTES } };
  if (secret.length > SECRET_MAX_LENGTH) return { key: 'wikiSecretTooLong', values: { count: SECRET_MAX_LENGTH } };
  return null;
}

/** The settings to send in one `PUT /setting/`: only what changed. */
export function wikiChanges(values: WikiValues, stored: WikiStored): Setting[] {
  const changes: Setting[] = [];
  if (values.secret !== '') changes.push({ name: 'confluence_server_shared_secret', value: values.secret });
  const origins = normalOrigins(values.origins) ?? values.origins.trim();
  if (origins !== normalOrigins(stored.origins)) changes.push({ name: 'confluence_frame_origins', value: origins });
  if (values.anonymous !== stored.anonymous)
    changes.push({ name: 'confluence_anonymous', value: values.anonymous ? '1' : '0' });
  if (values.mapForeignDomains !== stored.mapForeignDomains)
    changes.push({ name: 'confluence_map_foreign_domains', value: values.mapForeignDomains ? '1' : '0' });
  return changes;
}

/** A strong random secret: 32 bytes, as URL-safe base64 (43 characters, nothing to escape anywhere). */
export function generateSecret(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The address the wiki opens in its frame; `<token>` stands for the JWT it signs. */
export function wikiSignInAddress(origin: string, organizationId: string): string {
  return `${origin}/confluence/${organizationId}/<token>`;
}
