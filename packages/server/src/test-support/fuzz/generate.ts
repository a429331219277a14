import { Entries } from './json.js';
import type { Rng } from './rng.js';
import { enumOf, schemaType, type JsonSchema } from './schema.js';
import { BAD_DATES, BAD_ZONES, badId, deepJson, nastyNumber, nastyString, NASTY_STRINGS, wrongType } from './values.js';

/**
 * The schema walker: valid-looking values of a JSON schema (with the caller's domain hints),
 * the slots of such a value, copies with one slot replaced or removed, and bad and edge values
 * for a slot of a given schema.
 */

/**
 * Domain knowledge for valid-looking values: given a property or parameter name, its schema
 * and where it is (`body`, `query`, `path`, with the route), a value or `undefined` for the
 * schema's generic value.
 */
export type Hints = (name: string, s: JsonSchema, rng: Rng, where: string) => unknown;

/** A valid-looking value of schema `s`. */
export function validValue(s: JsonSchema, rng: Rng, hints: Hints, name: string, where: string, depth = 0): unknown {
  const hinted = hints(name, s, rng, where);
  if (hinted !== undefined) return hinted;
  const en = enumOf(s);
  if (en && en.length) return rng.pick(en);
  const t = schemaType(s);
  switch (t) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, ps] of Object.entries(s.properties ?? {}))
        if (s.required?.includes(k) || rng.chance(0.6)) out[k] = validValue(ps, rng, hints, k, where, depth + 1);
      return out;
    }
    case 'array': {
      const n = depth > 3 ? 0 : rng.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3));
      // Without repeats: lists of ids and weekdays are sets.
      const items = Array.from({ length: n }, () => validValue(s.items ?? {}, rng, hints, name, where, depth + 1));
      return items.filter((x, i) => items.findIndex((y) => JSON.stringify(y) === JSON.stringify(x)) === i);
    }
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 0;
      const hi = Math.min(s.maximum ?? 1000, lo + 1000);
      const v = rng.int(lo, hi);
      if (s.exclusiveMinimum && v === lo) return lo + 1;
      if (s.exclusiveMaximum && v === hi) return hi - 1;
      return t === 'number' && rng.chance(0.3) ? Math.min(v + 0.5, hi) : v;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string': {
      if (s.format === 'uuid') return rng.uuid();
      const len = rng.int(Math.max(s.minLength ?? 1, 1), Math.min(s.maxLength ?? 12, 12));
      return `fz${rng.bytes(8).toString('hex')}`.slice(0, Math.max(len, 2));
    }
    default:
      return rng.pick(['x', 1, true, null]);
  }
}

/** A path to a slot inside a value, with the schema of that slot. */
export interface Slot {
  path: (string | number)[];
  schema: JsonSchema;
  name: string;
}

/** Every slot of a valid-looking value (itself included), walking value and schema together. */
export function slotsOf(v: unknown, s: JsonSchema, name = '', path: (string | number)[] = []): Slot[] {
  const out: Slot[] = [{ path, schema: s, name }];
  const t = schemaType(s);
  if (t === 'object' && v && typeof v === 'object' && !Array.isArray(v))
    for (const [k, x] of Object.entries(v)) out.push(...slotsOf(x, s.properties?.[k] ?? {}, k, [...path, k]));
  if (t === 'array' && Array.isArray(v))
    v.forEach((x, i) => out.push(...slotsOf(x, s.items ?? {}, name, [...path, i])));
  return out;
}

/** A copy of `root` with the slot at `path` replaced (or removed when `value` is OMIT). */
export const OMIT = Symbol('omit');
export function replaceAt(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value === OMIT ? undefined : value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length === 0 && value === OMIT) copy.splice(head as number, 1);
    else copy[head as number] = replaceAt(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && value === OMIT) delete copy[head as string];
  else copy[head as string] = replaceAt(copy[head as string], rest, value);
  return copy;
}

export const pathLabel = (where: string, path: readonly (string | number)[]) =>
  [where, ...path.map((p) => (typeof p === 'number' ? `[${p}]` : p))].join('.').replace(/\.\[/g, '[');

/**
 * A bad value for a slot of schema `s`: of the wrong type, outside its bounds, nasty text,
 * a bad id or date, or `extra` (the caller's domain-specific bad values, e.g. ids of the
 * wrong kind).
 */
export function badValue(rng: Rng, s: JsonSchema, name: string, extra: readonly unknown[] = []): unknown {
  const t = schemaType(s);
  const isDate = /^(enter|leave|end|start|from|to|date|time)$/i.test(name);
  const isZone = /zone/i.test(name);
  const isId = s.format === 'uuid' || /id$|ids$/i.test(name);
  const choices: [number, () => unknown][] = [
    [3, () => wrongType(rng, s)],
    [1, () => deepJson(rng, rng.pick([100, 1000, 10_000]))],
    [t === 'string' ? 5 : 1, () => nastyString(rng)],
    [t === 'number' || t === 'integer' ? 6 : 1, () => nastyNumber(rng, s)],
    [isDate ? 8 : 0, () => rng.pick(BAD_DATES)],
    [isZone ? 6 : 0, () => rng.pick(BAD_ZONES)],
    [isId ? 6 : 0, () => badId(rng, [])],
    [extra.length ? 4 : 0, () => rng.pick(extra)],
    [
      t === 'array' ? 4 : 0,
      () =>
        rng.pick<unknown>([
          [],
          Array.from({ length: (s.maxItems ?? 64) + 1 }, () => rng.uuid()),
          Array.from({ length: 10_000 }, () => 0),
          [wrongType(rng, s.items ?? {})],
          [nastyString(rng)],
          [null, null],
          Array.from({ length: 3 }, () => rng.pick(extra.length ? extra : [rng.uuid()])),
        ]),
    ],
    [
      t === 'object' ? 3 : 0,
      () => rng.pick<unknown>([{}, [], new Entries([['a', 1]]), new Entries([['__proto__', {}]])]),
    ],
    [
      t === 'string' && (s.maxLength !== undefined || s.minLength !== undefined) ? 2 : 0,
      () => (rng.chance(0.5) ? 'y'.repeat((s.maxLength ?? 10) + 1) : 'y'.repeat(Math.max((s.minLength ?? 1) - 1, 0))),
    ],
    [enumOf(s) ? 3 : 0, () => rng.pick<unknown>([...NASTY_STRINGS.slice(0, 8), 'X', 99, -1, 'EQ', '1 ', ' 0'])],
  ];
  return rng.weighted(choices.filter(([w]) => w > 0))();
}

/**
 * A value the schema accepts but that sits on an edge: bounds, exact maximum lengths, hostile
 * text that fits, impossible dates and unknown zones in plain string fields (the schema cannot
 * tell), so the input reaches the handler.
 */
export function edgeValue(rng: Rng, s: JsonSchema, name: string): unknown {
  const en = enumOf(s);
  if (en?.length) return rng.pick(en);
  const t = schemaType(s);
  if (t === 'number' || t === 'integer') {
    const lo = s.minimum ?? -1e15;
    const hi = s.maximum ?? 1e15;
    const xs = [lo, hi, Math.floor((lo + hi) / 2)];
    if (t === 'number') xs.push(lo + 1e-9, hi - 1e-9, lo + 5e-324, hi - 0.5);
    return rng.pick(
      xs.filter((x) => x >= lo && x <= hi && !(s.exclusiveMinimum && x === lo) && !(s.exclusiveMaximum && x === hi)),
    );
  }
  if (t === 'boolean') return rng.chance(0.5);
  if (t === 'array') return [];
  if (t !== 'string') return undefined;
  const max = Math.min(s.maxLength ?? 4096, 4096);
  const min = s.minLength ?? 0;
  const fit = (x: string) => {
    const cut = x.slice(0, max);
    return cut.length >= min ? cut : cut.padEnd(min, 'x');
  };
  if (/^(enter|leave|end|start)$/i.test(name) && rng.chance(0.7)) return fit(rng.pick(BAD_DATES));
  if (/zone/i.test(name) && rng.chance(0.7)) return fit(rng.pick(BAD_ZONES));
  return rng.pick<() => string>([
    () => fit(nastyString(rng)),
    () => fit(rng.pick(['x', 'é', '😀', '\u202e', ' ', '%', "'", '\u0000']).repeat(max)),
    () => fit(''),
  ])();
}
