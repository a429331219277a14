import { useCallback, useEffect, useRef } from 'react';
import type { MapEntry } from '../map/map-entry';

const MAX_FRAMES = 30;

/** The space's button: on the map by its id, in the list by its accessible name. */
function spaceButton(spaceId: string, entries: readonly MapEntry[]): HTMLElement | null {
  const onMap = [...document.querySelectorAll<HTMLElement>('[data-space-id]')].find(
    (el) => el.dataset.spaceId === spaceId,
  );
  if (onMap) return onMap;
  const label = entries.find((e) => e.space.id === spaceId)?.label;
  if (!label) return null;
  const named = document.querySelectorAll<HTMLElement>('button[aria-label], [role="button"][aria-label]');
  return [...named].find((el) => el.getAttribute('aria-label') === label && !el.closest('[role="dialog"]')) ?? null;
}

/**
 * Puts focus back on a space's button on the map or in the list once its panel has closed (after
 * "Done", a cancel, Escape or the close button), so keyboard and screen-reader users carry on where
 * they were; the page's main region when the space is no longer shown. The availability may still
 * be refreshing, so it looks again for a few frames.
 */
export function useReturnFocusToSpace(entries: readonly MapEntry[]) {
  const entriesRef = useRef(entries);
  useEffect(() => {
    entriesRef.current = entries;
  }, [entries]);
  return useCallback((spaceId: string) => {
    let frames = 0;
    const attempt = () => {
      const target = spaceButton(spaceId, entriesRef.current);
      if (target) {
        target.focus();
        return;
      }
      if (++frames < MAX_FRAMES) requestAnimationFrame(attempt);
      else document.getElementById('main')?.focus();
    };
    requestAnimationFrame(attempt);
  }, []);
}
