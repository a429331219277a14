import { notFound } from './errors.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (v: string): boolean => UUID_RE.test(v);

/** A path id that is not a UUID cannot name anything: answer 404 rather than querying. */
export function pathId(id: string, what = 'Not found'): string {
  if (!isUuid(id)) throw notFound(what);
  return id.toLowerCase();
}
