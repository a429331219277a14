/** Green of the checked-in mark, the same in the light and the dark scheme (it sits on any status colour). */
export const CHECKED_IN_GREEN = '#0b7a43';

/**
 * The mark of a space where someone has checked in: a white-rimmed green disc with a white
 * tick, drawn in a 24 × 24 box (the map's symbol and the legend's swatch).
 */
export function CheckedInMark() {
  return (
    <>
      <circle cx={12} cy={12} r={10.5} fill={CHECKED_IN_GREEN} stroke="#fff" strokeWidth={2} />
      <path
        d="M7 12.5l3.2 3.2L17 9"
        fill="none"
        stroke="#fff"
        strokeWidth={2.6}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

/** The mark as a small inline picture, for the legend. */
export function CheckedInSwatch() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden focusable="false" style={{ flex: 'none' }}>
      <CheckedInMark />
    </svg>
  );
}
