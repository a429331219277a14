export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string> {
  column: K;
  direction: SortDirection;
}

/** Clicking the sorted column flips the order; another column starts ascending. */
export function nextSort<K extends string>(current: SortState<K>, column: K): SortState<K> {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

type SortValue = string | number | boolean;

/** Sorts a copy by the value each column reads; text compares by the user's language, ignoring case. */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: SortState<K>,
  valueOf: (row: T, column: K) => SortValue,
  locale: string,
): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = valueOf(a, sort.column);
    const vb = valueOf(b, sort.column);
    if (typeof va === 'string' && typeof vb === 'string') return collator.compare(va, vb) * factor;
    return (Number(va) - Number(vb)) * factor;
  });
}

/** Rows whose text contains every word of the query (case-insensitive). */
export function matchesQuery(query: string, ...texts: string[]): boolean {
  const haystack = texts.join(' ').toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
