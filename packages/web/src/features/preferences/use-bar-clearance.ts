import { useEffect, useRef } from 'react';

/** Room left between a focused field and the bar, besides the bar's own offset from the bottom. */
const GAP_PX = 16;

/**
 * Keeps fields clear of a bar stuck to the bottom of the window: while the bar is shown, the
 * page's scroll padding at the bottom is the bar's height (and its offset), so focusing a field
 * (Tab, a validation jump) or scrolling it into view stops above the bar instead of under it.
 */
export function useBarClearance<T extends HTMLElement>(bottomOffsetPx: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const update = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(bar.getBoundingClientRect().height) + bottomOffsetPx + GAP_PX}px`;
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  });
  return ref;
}
