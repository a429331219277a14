import type { Location, SearchAttribute } from '@perch/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../app/session/session-context';
import { canAdminister } from '../../app/session/session-data';
import { areaZone } from '../../shared/time/area-zone';
import { timePrefsFrom } from '../../shared/time/time-prefs';
import { nowInZone, userZone } from '../../shared/time/wall-time';
import { parseSearchUrl, writeSearchUrl, type SearchUrlState, type SearchView } from './search-url';
import { bookingRulesFrom } from './time/booking-rules';
import { defaultWindow, normaliseWindow, walkUpWindow, type BookingWindow } from './time/booking-window';

/**
 * The area in the address; without one the preferred area, else the first. A link to an area
 * that is gone (or closed) selects nothing, so the page asks to pick one instead of guessing.
 */
function pickArea(
  areas: readonly Location[],
  wanted: string | null,
  preferred: string | undefined,
): Location | undefined {
  if (wanted) return areas.find((a) => a.id === wanted);
  return areas.find((a) => a.id === preferred) ?? areas[0];
}

/**
 * The search as the page shows it: the address wins, the preferences fill the gaps. Changes are
 * written to the address (replacing the entry), so a reload or a shared link shows the same.
 */
export function useSearchState(areas: readonly Location[] | undefined) {
  const [params, setParams] = useSearchParams();
  const { user, settings, preferences } = useSignedInSession();
  const url = useMemo(() => parseSearchUrl(params), [params]);
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const rules = useMemo(() => bookingRulesFrom(settings, canAdminister(user)), [settings, user]);
  const area = areas ? pickArea(areas, url.areaId, preferences.location_id) : undefined;
  const zone = areaZone(area, settings.default_timezone);
  const ownZone = userZone(preferences.timezone);
  const now = nowInZone(zone);
  const window = useMemo(
    () =>
      normaliseWindow(
        url.freeNow ? walkUpWindow(now, prefs, rules) : (url.window ?? defaultWindow(now, prefs, rules)),
        rules.dailyBasis,
      ),
    // `now` changes every minute; the default window should not move under the user's eyes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [url.window, url.freeNow, prefs, rules, zone],
  );

  const update = useCallback(
    (change: Partial<SearchUrlState>) => {
      setParams(
        (current) => {
          const state = parseSearchUrl(current);
          return writeSearchUrl(current, { ...state, ...change });
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // A link with area and times can ask for the spaces before the list of areas has arrived.
  const requestAreaId = area?.id ?? (!areas && url.window ? url.areaId : null);

  return {
    area,
    requestAreaId,
    zone,
    /** The user's own zone (preference, else device); area times are also shown in it when it differs. */
    ownZone,
    showZone: zone !== ownZone,
    now,
    window,
    view: url.view,
    filters: url.filters,
    spaceId: url.spaceId,
    prefs,
    rules,
    /** An area's code was scanned: what is free there from now until the end of the working day. */
    freeNow: url.freeNow,
    setArea: (areaId: string) => update({ areaId, spaceId: null, freeNow: false }),
    setWindow: (next: BookingWindow) =>
      update({ window: normaliseWindow(next, rules.dailyBasis), areaId: area?.id ?? null, freeNow: false }),
    setView: (view: SearchView) => update({ view }),
    setFilters: (filters: SearchAttribute[]) => update({ filters }),
    openSpace: (spaceId: string | null) => update({ spaceId }),
    /**
     * A free space's code was scanned: the window becomes now until the end of the working day,
     * and the code's token leaves the address (one update: two would overwrite each other).
     * Answers the window it chose.
     */
    walkUp: (): BookingWindow => {
      const walkUp = normaliseWindow(walkUpWindow(nowInZone(zone), prefs, rules), rules.dailyBasis);
      setParams(
        (current) => {
          const next = writeSearchUrl(current, {
            ...parseSearchUrl(current),
            window: walkUp,
            areaId: area?.id ?? null,
            freeNow: false,
          });
          next.delete('t');
          return next;
        },
        { replace: true },
      );
      return walkUp;
    },
  };
}

export type SearchState = ReturnType<typeof useSearchState>;
