/**
 * Names in the order people expect: "Desk 2" before "Desk 10", letters by the user's language,
 * case ignored. The booking map, its list and the admin screens order spaces with it.
 */
const collators = new Map<string, Intl.Collator>();

export function naturalCollator(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale || undefined, { numeric: true, sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator;
}

/** Compares two names naturally; names equal but for case or accents keep a fixed order. */
export function compareNaturally(a: string, b: string, locale: string): number {
  const collator = naturalCollator(locale);
  const base = collator.compare(a, b);
  if (base !== 0) return base;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted copy of `items`, by the name each has. */
export function sortNaturally<T>(items: readonly T[], nameOf: (item: T) => string, locale: string): T[] {
  return [...items].sort((a, b) => compareNaturally(nameOf(a), nameOf(b), locale));
}
