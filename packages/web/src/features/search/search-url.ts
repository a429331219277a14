import type { SearchAttribute } from '@perch/contract';
import { SEARCH_COMPARATORS } from '@perch/contract/values';
import { isWallTime } from '../../shared/time/wall-time';
import type { BookingWindow } from './time/booking-window';

export type SearchView = 'map' | 'list';

/**
 * Everything a search is made of, as it stands in the address (Seatsurfing's search page keeps
 * `lid`, `enter`, `leave` and `sid` there too, so links and QR codes made for it keep working).
 * Unset parts take their defaults (preferred area, window from the preferences).
 */
export interface SearchUrlState {
  areaId: string | null;
  window: BookingWindow | null;
  view: SearchView;
  filters: SearchAttribute[];
  spaceId: string | null;
  /**
   * `now=1`, an area's code: the window runs from now until the end of the working day, however
   * late the code is scanned, and the page lists what is free. Choosing other times ends it.
   */
  freeNow: boolean;
}

function parseFilter(raw: string): SearchAttribute | null {
  const first = raw.indexOf(':');
  const second = raw.indexOf(':', first + 1);
  if (first <= 0 || second < 0) return null;
  const comparator = raw.slice(first + 1, second) as SearchAttribute['comparator'];
  if (!SEARCH_COMPARATORS.includes(comparator)) return null;
  return { attributeId: raw.slice(0, first), comparator, value: raw.slice(second + 1) };
}

/** The reference writes `YYYY-MM-DDTHH:MM`; seconds or a zone suffix are tolerated and dropped. */
function parseWallTime(raw: string | null): string | null {
  const value = raw?.slice(0, 16) ?? '';
  return isWallTime(value) ? value : null;
}

export function parseSearchUrl(params: URLSearchParams): SearchUrlState {
  const enter = parseWallTime(params.get('enter'));
  const leave = parseWallTime(params.get('leave'));
  return {
    areaId: params.get('lid') || null,
    window: enter && leave ? { enter, leave } : null,
    view: params.get('view') === 'list' ? 'list' : 'map',
    filters: params.getAll('f').flatMap((f) => parseFilter(f) ?? []),
    spaceId: params.get('sid') || null,
    freeNow: params.get('now') === '1',
  };
}

/** Writes the state back, keeping parameters this page does not know about. */
export function writeSearchUrl(current: URLSearchParams, state: SearchUrlState): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  set('lid', state.areaId);
  set('enter', state.window?.enter ?? null);
  set('leave', state.window?.leave ?? null);
  set('view', state.view === 'list' ? 'list' : null);
  set('sid', state.spaceId);
  set('now', state.freeNow ? '1' : null);
  next.delete('f');
  for (const f of state.filters) next.append('f', `${f.attributeId}:${f.comparator}:${f.value}`);
  return next;
}
