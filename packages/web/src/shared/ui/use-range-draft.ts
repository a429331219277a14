import { useEffect, useState } from 'react';
import type { IsoDate } from '../time/wall-time';
import type { DateRange, RangeEnd } from './DateRangeField';

/**
 * The dates of a list filter while they are typed: the list follows once both make a range
 * `problemOf` accepts, and the fields follow the applied range when it changes by other means
 * (back, clear).
 */
export function useRangeDraft<Problem>(
  applied: DateRange,
  problemOf: (from: IsoDate, to: IsoDate) => Problem | null,
  apply: (range: DateRange) => void,
) {
  const { from, to } = applied;
  const [draft, setDraft] = useState<DateRange>({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const change = (end: RangeEnd, day: IsoDate) => {
    const next = { ...draft, [end]: day };
    setDraft(next);
    if (problemOf(next.from, next.to) === null) apply(next);
  };
  return { draft, setDraft, problem: problemOf(draft.from, draft.to), change };
}
