import type { SearchAttribute } from '@perch/contract';

/**
 * Attribute search (area search, the availability filter): every criterion must match; an entity without a value
 * for a criterion's attribute does not match. Values that look like JSON arrays are matched
 * by membership.
 */
export function matchesAll(values: ReadonlyMap<string, string>, criteria: readonly SearchAttribute[]): boolean {
  return criteria.every((c) => {
    if (c.attributeId === '') return true;
    const stored = values.get(c.attributeId);
    return stored !== undefined && matches(stored, c.comparator, c.value);
  });
}

function asArray(stored: string): unknown[] | null {
  const t = stored.trim();
  if (!t.startsWith('[') || !t.endsWith(']')) return null;
  try {
    const parsed: unknown = JSON.parse(t);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const INT = /^-?\d+$/;

export function matches(stored: string, comparator: SearchAttribute['comparator'], wanted: string): boolean {
  const array = asArray(stored);
  if (array) {
    const has = wanted === '*' ? array.length > 0 : array.some((e) => String(e) === wanted);
    if (comparator === 'contains') return has;
    if (comparator === 'ncontains') return !has;
    return false;
  }
  switch (comparator) {
    case 'eq':
      return stored === wanted;
    case 'neq':
      return stored !== wanted;
    case 'contains':
      return stored.includes(wanted);
    case 'ncontains':
      return !stored.includes(wanted);
    default: {
      if (!INT.test(stored.trim()) || !INT.test(wanted.trim())) return false;
      const a = Number(stored);
      const b = Number(wanted);
      if (comparator === 'gt') return a > b;
      if (comparator === 'gte') return a >= b;
      if (comparator === 'lt') return a < b;
      return a <= b;
    }
  }
}

/** Reads the `attributes` query parameter of availability: malformed JSON is ignored (no filter). */
export function parseAttributeQuery(raw: string | undefined): SearchAttribute[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (c): c is SearchAttribute =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as SearchAttribute).attributeId === 'string' &&
        typeof (c as SearchAttribute).value === 'string' &&
        ['eq', 'neq', 'contains', 'ncontains', 'gt', 'gte', 'lt', 'lte'].includes((c as SearchAttribute).comparator),
    );
  } catch {
    return [];
  }
}
