import { request } from 'node:http';

/**
 * Building blocks of the fuzz suite (`http/fuzz.test.ts`): a seeded PRNG, nasty values, a
 * JSON-schema-driven generator of valid-looking values and their mutations, a JSON writer that
 * can emit what `JSON.stringify` cannot (raw tokens, duplicate keys, invalid UTF-8), URL
 * encoding of anything (lone surrogates too) and an HTTP request that never hangs.
 */

// ---------------------------------------------------------------------------------------------
// Seeded PRNG (sfc32): the same seed gives the same cases.

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88 ^ stream;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 16; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('pick from an empty list');
    return xs[Math.floor(this.next() * xs.length)]!;
  }

  /** Picks by weight: `[[weight, value], …]`. */
  weighted<T>(xs: readonly (readonly [number, T])[]): T {
    const total = xs.reduce((n, [w]) => n + w, 0);
    let r = this.next() * total;
    for (const [w, v] of xs) {
      r -= w;
      if (r < 0) return v;
    }
    return xs[xs.length - 1]![1];
  }

  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }

  bytes(n: number): Buffer {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = Math.floor(this.next() * 256);
    return b;
  }

  uuid(): string {
    const h = this.bytes(16).toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[this.int(0, 3)]}${h.slice(17, 20)}-${h.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON that JSON.stringify cannot write.

/** Emitted verbatim into a JSON body (invalid numbers, deep nesting, broken syntax …). */
export class RawJson {
  constructor(readonly text: string) {}
}
/** Emitted verbatim as bytes, e.g. invalid UTF-8 inside a string: `"a\xff"`. */
export class RawBytes {
  constructor(readonly bytes: Buffer) {}
}
/** An object written key by key: duplicate keys and `__proto__` as a real key. */
export class Entries {
  constructor(readonly entries: [string, unknown][]) {}
}

function writeTo(v: unknown, out: Buffer[]): void {
  if (v instanceof RawJson) out.push(Buffer.from(v.text, 'utf8'));
  else if (v instanceof RawBytes) out.push(v.bytes);
  else if (v instanceof Entries) {
    out.push(Buffer.from('{'));
    v.entries.forEach(([k, x], i) => {
      out.push(Buffer.from(`${i ? ',' : ''}${JSON.stringify(k)}:`));
      writeTo(x, out);
    });
    out.push(Buffer.from('}'));
  } else if (Array.isArray(v)) {
    out.push(Buffer.from('['));
    v.forEach((x, i) => {
      if (i) out.push(Buffer.from(','));
      writeTo(x, out);
    });
    out.push(Buffer.from(']'));
  } else if (v !== null && typeof v === 'object') {
    writeTo(new Entries(Object.entries(v)), out);
  } else out.push(Buffer.from(v === undefined ? 'null' : JSON.stringify(v), 'utf8'));
}

export function writeJson(v: unknown): Buffer {
  const out: Buffer[] = [];
  writeTo(v, out);
  return Buffer.concat(out);
}

/** A short, printable rendering of a value for failure reports. */
export function show(v: unknown, max = 160): string {
  let s: string;
  if (Buffer.isBuffer(v)) {
    const text = v.toString('utf8');
    s = /[\uFFFD]/.test(text) ? `<${v.length} bytes> ${JSON.stringify(text)}` : text;
  } else if (typeof v === 'string') s = JSON.stringify(v);
  else if (v instanceof RawJson) s = v.text;
  else s = writeJson(v).toString('utf8');
  s = s.replace(/(.)\1{40,}/gsu, (m, c: string) => `${c.repeat(8)}…(${[...m].length}× ${JSON.stringify(c)})…`);
  return s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s;
}

// ---------------------------------------------------------------------------------------------
// Nasty values.

export const LONG = 100_000;
const repeat = (s: string, n: number) => s.repeat(n);

/** Deeply nested JSON (as raw text: our own writer would recurse). */
export function deepJson(rng: Rng, depth = rng.pick([100, 1000, 10_000, 100_000])): RawJson {
  switch (rng.int(0, 3)) {
    case 0:
      return new RawJson(repeat('[', depth) + repeat(']', depth));
    case 1:
      return new RawJson(repeat('{"a":', depth) + '1' + repeat('}', depth));
    case 2:
      return new RawJson(repeat('[{"a":', depth) + 'null' + repeat('}]', depth));
    default:
      // Unbalanced: opened but never closed.
      return new RawJson(repeat('[', depth));
  }
}

/** Text that breaks assumptions: control characters, bidi, emoji, lone surrogates, injections. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\r\n',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\u0001\u0002\u001f\u007f',
  '\u202eevil\u202c',
  '\u202b\u05e9\u05dc\u05d5\u05dd\u202c',
  '\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627',
  '\u200f\u200e\u200b\u2060\ufeff',
  '😀',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '\uffff\ufffe',
  '\u2028\u2029',
  'Z\u0335\u0321\u0322a\u0336\u0358l\u0337g\u0338o',
  'İı ß ǅ ﬃ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '"; SELECT pg_sleep(10); --',
  "1' AND (SELECT COUNT(*) FROM pg_catalog.pg_tables) > 0 --",
  '\\',
  '\\\\\\"',
  '%',
  '_',
  '%_%',
  '%00',
  '%ZZ',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/',
  '.',
  '..',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  'javascript:alert(1)',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x1F',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  '{"$gt":""}',
  'a'.repeat(257),
  'a'.repeat(4097),
];

export function nastyString(rng: Rng): string {
  switch (rng.int(0, 9)) {
    case 0:
      return rng.pick(['x', '😀', '\u05e9', '\u0000', 'é', '\ud800', '%', "'"]).repeat(rng.pick([65, 129, 257, 513]));
    case 1:
      return rng.pick(['x', '😀', 'é', '\u202e', ' ']).repeat(rng.pick([LONG, LONG / 2]));
    default:
      return rng.pick(NASTY_STRINGS);
  }
}

/** Identifiers of the wrong shape, for path parameters and id properties. */
export function badId(rng: Rng, real: readonly string[]): string {
  const id = real.length > 0 && rng.chance(0.5) ? rng.pick(real) : rng.uuid();
  return rng.pick([
    'not-a-uuid',
    '',
    ' ',
    'null',
    '0',
    '-1',
    '1e9',
    'me',
    'current',
    'all',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '00000000-0000-4000-8000-000000000000',
    id.toUpperCase(),
    ` ${id}`,
    `${id} `,
    `{${id}}`,
    id.replace(/-/g, ''),
    `${id}0`,
    id.slice(0, -1),
    `${id.slice(0, 14)}9${id.slice(15)}`,
    `${id.slice(0, 19)}c${id.slice(20)}`,
    `${id}\u0000`,
    `${id}' OR '1'='1`,
    `${id}/../${id}`,
    `${id};`,
    "' OR 1=1 --",
    '1; DROP TABLE users',
    '../../../etc/passwd',
    '..',
    '.',
    '%00',
    '\u0000',
    '😀',
    '\u202e' + id,
    '\ud800',
    'a'.repeat(65),
    'a'.repeat(301),
    'x'.repeat(LONG),
    '__proto__',
    'constructor',
    '$1',
    '*',
    '%',
  ]);
}

/** Dates and times that are wrong, out of range or ambiguous. */
export const BAD_DATES: readonly string[] = [
  '2030-02-30T09:00:00Z',
  '2031-02-29T09:00:00Z',
  '2030-04-31T09:00:00Z',
  '2030-13-01T09:00:00Z',
  '2030-00-10T09:00:00Z',
  '2030-01-00T09:00:00Z',
  '2030-01-15T24:00:00Z',
  '2030-01-15T25:61:61Z',
  '2030-01-15T23:59:60Z',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-19T23:59:59Z',
  '99999-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '1969-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
  '2038-01-19T03:14:08Z',
  '2030-03-31T02:30:00Z',
  '2030-10-27T02:30:00Z',
  '2030-01-15T09:00:00+99:00',
  '2030-01-15T09:00:00-25:00',
  '2030-01-15T09:00:00+14:01',
  '2030-01-15T09:00:00[Mars/Olympus]',
  '2030-01-15T09:00:00 Europe/Berlin',
  '2030-01-15T09:00:00ZZ',
  '2030-01-15T09:00:00.123456789123Z',
  '2030-01-15T09:00:00,5Z',
  '2030-01-15T09:00',
  '2030-01-15',
  '2030-01',
  '2030',
  '2030-W03-2',
  '2030-015',
  '20300115T090000Z',
  'T09:00:00Z',
  '09:00',
  'now',
  'today',
  'tomorrow',
  'Invalid Date',
  'Tue, 15 Jan 2030 09:00:00 GMT',
  '1/15/2030',
  '15.01.2030',
  '1e20',
  '8640000000000001',
  '-8640000000000001',
  '1893456000',
  '1893456000000',
  '',
  ' ',
  '2030-01-15T09:00:00Z\u0000',
  '２０３０-０１-１５T09:00:00Z',
  '\u202e2030-01-15T09:00:00Z',
];

/** Time zones that do not exist or are odd. */
export const BAD_ZONES: readonly string[] = [
  'Mars/Olympus',
  'Europe/Berlin ',
  'europe/berlin',
  'EUROPE/BERLIN',
  'UTC+25',
  '+05:00',
  '-14:00',
  '+99:99',
  'Etc/GMT+14',
  'Etc/GMT-15',
  'EST5EDT',
  'America/Argentina/ComodRivadavia',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
  'local',
  'Z',
  'GMT0',
  'posixrules',
  '../../../../etc/localtime',
  '/etc/localtime',
  'Factory',
  'SystemV/AST4',
  '',
];

/** Numbers around every edge, some only expressible as raw JSON. */
export function nastyNumber(rng: Rng, s: JsonSchema = {}): unknown {
  const edges: unknown[] = [];
  for (const b of [s.minimum, s.maximum, s.minLength, s.maxLength, s.maxItems])
    if (typeof b === 'number') edges.push(b, b - 1, b + 1, b - 0.5, b + 0.5, b + 1e-9, b - 1e-9);
  return rng.pick([
    ...edges,
    ...edges,
    0,
    -0,
    -1,
    1,
    0.5,
    -0.5,
    1e-7,
    5e-324,
    2147483647,
    2147483648,
    -2147483649,
    4294967296,
    9007199254740991,
    -9007199254740991,
    1e21,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    new RawJson('9007199254740993'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('1e-400'),
    new RawJson('-0.0'),
    new RawJson('0.0000000000000000000000000001'),
    new RawJson('1E2'),
    new RawJson('NaN'),
    new RawJson('Infinity'),
    new RawJson('-Infinity'),
    new RawJson('0x10'),
    new RawJson('01'),
    new RawJson('1.'),
    new RawJson('.5'),
    new RawJson('+1'),
    new RawJson('1e'),
    new RawJson('-'),
    '1',
    '0',
    '',
    'NaN',
    'Infinity',
    '1e309',
    '0x10',
    ' 1 ',
  ]);
}

/** A value of the wrong JSON type (or a JSON oddity) for a slot of schema `s`. */
export function wrongType(rng: Rng, s: JsonSchema = {}): unknown {
  const t = schemaType(s);
  const all: unknown[] = [
    null,
    true,
    false,
    0,
    1,
    -1,
    1.5,
    '',
    'x',
    '1',
    'true',
    [],
    [null],
    ['x'],
    [[[]]],
    {},
    { a: 1 },
    { length: 1e9 },
    new Entries([['__proto__', { polluted: true }]]),
    new Entries([['constructor', { prototype: { polluted: true } }]]),
    new RawJson('[{}]'),
  ];
  return rng.pick(
    all.filter(
      (v) =>
        !(
          (t === 'string' && typeof v === 'string') ||
          ((t === 'number' || t === 'integer') && typeof v === 'number') ||
          (t === 'boolean' && typeof v === 'boolean') ||
          (t === 'array' && Array.isArray(v))
        ),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// JSON schema (the subset the OpenAPI document of the server uses).

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export function schemaType(s: JsonSchema): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  const alt = s.anyOf ?? s.oneOf;
  if (alt && alt.length) return schemaType(alt[0]!);
  if (s.enum?.length) return typeof s.enum[0];
  return undefined;
}

function enumOf(s: JsonSchema): unknown[] | undefined {
  if (s.enum) return s.enum;
  const alt = s.anyOf ?? s.oneOf;
  if (alt && alt.every((a) => a.enum)) return alt.flatMap((a) => a.enum!);
  return undefined;
}

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

// ---------------------------------------------------------------------------------------------
// URLs.

/** Already encoded URL text, sent as is (bad percent-encodings, dot segments …). */
export class RawUrl {
  constructor(readonly text: string) {}
}

/** WTF-8: UTF-8 that also encodes lone surrogates (which `encodeURIComponent` refuses). */
function wtf8(s: string): Buffer {
  const parts: Buffer[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff)
      parts.push(Buffer.from([0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]));
    else parts.push(Buffer.from(ch, 'utf8'));
  }
  return Buffer.concat(parts);
}

/** Percent-encodes any string for a path segment or query value. */
export function urlEncode(v: string | RawUrl): string {
  if (v instanceof RawUrl) return v.text;
  let out = '';
  for (const b of wtf8(v)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** URL text that is already "encoded" but wrong: broken escapes, traversal, raw high bytes. */
export const RAW_URL_PARTS: readonly string[] = [
  '%',
  '%Z',
  '%ZZ',
  '%G0',
  '%00',
  '%FF',
  '%C0%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%E2%80%AE',
  '..',
  '.',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2f',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..%5c..%5c',
  '%252e%252e%252f',
  '%u0000',
  '\u00ff\u00fe',
  'a;b=c',
  "!$&'()*+,;=",
  '@:',
  '%20',
  '+',
];

// ---------------------------------------------------------------------------------------------
// HTTP.

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body with chunked transfer encoding instead of Content-Length. */
  chunked?: boolean;
}

export interface FuzzResponse {
  /** 0 when there was no answer (`error` says why: `timeout` or a network error). */
  status: number;
  body: string;
  ms: number;
  error?: string;
}

/** Sends a request exactly as given; never rejects and never waits longer than `timeoutMs`. */
export function send(base: string, r: FuzzRequest, timeoutMs: number): Promise<FuzzResponse> {
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (res: Omit<FuzzResponse, 'ms'>) => {
      if (done) return;
      done = true;
      resolve({ ...res, ms: Math.round(performance.now() - started) });
    };
    const headers = { ...r.headers };
    if (r.body !== undefined && !r.chunked) headers['content-length'] = String(r.body.length);
    let req: ReturnType<typeof request>;
    try {
      // A fresh connection per request: the server may close one after refusing a body.
      req = request(`${base}${r.url}`, {
        method: r.method,
        headers,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      finish({ status: 0, body: '', error: `client refused the request: ${(e as Error).message}` });
      return;
    }
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < 4096) chunks.push(c);
        size += c.length;
      });
      res.on('end', () =>
        finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 2000) }),
      );
      res.on('error', (e) => finish({ status: res.statusCode ?? 0, body: '', error: e.message }));
    });
    req.on('error', (e) => {
      const timeout = e.name === 'AbortError' || e.name === 'TimeoutError';
      finish({ status: 0, body: '', error: timeout ? `timeout after ${timeoutMs} ms` : `${e.name}: ${e.message}` });
    });
    if (r.body !== undefined && r.chunked) {
      const mid = Math.floor(r.body.length / 2);
      req.write(r.body.subarray(0, mid));
      req.end(r.body.subarray(mid));
    } else req.end(r.body);
  });
}

/** Runs `fn` over `items` with at most `concurrency` in flight. */
export async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

// ---------------------------------------------------------------------------------------------
// Operations of the OpenAPI document and the bad requests made from them.

export interface Param {
  in: 'path' | 'query';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/location/{id}/map`. */
  path: string;
  params: Param[];
  body?: { contentType: string; schema: JsonSchema };
  public: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => {
        const content = Object.entries(op.requestBody?.content ?? {})[0];
        return {
          method: m.toUpperCase(),
          path,
          params: (op.parameters ?? [])
            .filter((p) => p.in === 'path' || p.in === 'query')
            .map((p) => ({
              in: p.in as 'path' | 'query',
              name: p.name,
              required: p.required === true || p.in === 'path',
              schema: p.schema ?? {},
            })),
          ...(content ? { body: { contentType: content[0], schema: content[1].schema ?? {} } } : {}),
          public: Array.isArray(op.security) && op.security.length === 0,
        };
      }),
  );
}

export interface CaseContext {
  rng: Rng;
  hints: Hints;
  /** Domain-specific bad values for a slot (ids of another kind or organisation …). */
  extraBad: (name: string, where: string) => unknown[];
  /** Bearer token of the acting user. */
  token: string;
  /** Replaces a path parameter that must not be used (e.g. the id of an organisation that would be deleted). */
  guardPath?: (name: string, value: string) => string;
}

export interface FuzzCase {
  req: FuzzRequest;
  /** What was made bad, for reports. */
  label: string;
  /** The Authorization header is the acting user's, unchanged. */
  normalAuth: boolean;
}

const MULTIPART_BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';
const CONTENT_TYPES: readonly (string | null)[] = [
  null,
  '',
  'text/plain',
  'text/plain; charset=utf-8',
  `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/json; charset=nonsense',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/json; boundary=x; charset=utf-8; q=0.1',
  'application/jsonp',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/png',
  'image/svg+xml',
  '*/*',
  'application/*',
  'application/json, text/plain',
  'json',
  ';',
  'application/json\u00ff',
];

const INVALID_JSON: readonly string[] = [
  '{',
  '}',
  '[',
  '{"a":}',
  '{"a":1,}',
  '[1,2,]',
  "{'a':1}",
  '{a:1}',
  '{"a":1}{"b":2}',
  '{"a" 1}',
  '"unterminated',
  '"\\u12"',
  '"\\x41"',
  'tru',
  'nul',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":"\u0000"}',
  '{"a":"line\nbreak"}',
  '\ufeff{}',
  '{}\u0000',
  '// comment\n{}',
  '{"a":1 /* c */}',
  '<json/>',
  '\u0000',
];

function multipart(body: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="../../x.json"\r\n` +
        'Content-Type: application/json\r\n\r\n',
    ),
    body,
    Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
}

/** Bytes that claim to be (or nearly are) images, for raw upload routes. */
export function imageLikeBytes(rng: Rng, validPng: Buffer): { bytes: Buffer; what: string } {
  const flip = (b: Buffer, n: number) => {
    const c = Buffer.from(b);
    for (let i = 0; i < n; i++) c[rng.int(0, c.length - 1)] = rng.int(0, 255);
    return c;
  };
  const ihdr = (w: number, h: number) => {
    const c = Buffer.from(validPng);
    c.writeUInt32BE(w, 16);
    c.writeUInt32BE(h, 20);
    return c;
  };
  return rng.weighted<() => { bytes: Buffer; what: string }>([
    [4, () => ({ bytes: rng.bytes(rng.pick([0, 1, 7, 64, 1024, 65_536])), what: 'random bytes' })],
    [2, () => ({ bytes: flip(validPng, rng.int(1, 8)), what: 'PNG with flipped bytes' })],
    [1, () => ({ bytes: validPng.subarray(0, rng.int(0, validPng.length - 1)), what: 'truncated PNG' })],
    [1, () => ({ bytes: ihdr(0, 0), what: 'PNG 0×0' })],
    [1, () => ({ bytes: ihdr(100_000, 100_000), what: 'PNG header claiming 100000×100000' })],
    [1, () => ({ bytes: ihdr(0x7fffffff, 0xffffffff), what: 'PNG header claiming 2^31×2^32' })],
    [1, () => ({ bytes: Buffer.concat([validPng.subarray(0, 8), rng.bytes(2048)]), what: 'PNG signature + garbage' })],
    [
      1,
      () => ({
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), rng.bytes(2048)]),
        what: 'JPEG magic + garbage',
      }),
    ],
    [1, () => ({ bytes: Buffer.concat([Buffer.from('GIF89a'), rng.bytes(512)]), what: 'GIF magic + garbage' })],
    [
      1,
      () => ({
        bytes: Buffer.concat([Buffer.from('RIFF\xff\xff\xff\xffWEBPVP8 ', 'latin1'), rng.bytes(512)]),
        what: 'WEBP magic + garbage',
      }),
    ],
    [
      1,
      () => ({
        bytes: Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><text>&xxe;</text><script>alert(1)</script></svg>',
        ),
        what: 'SVG with an external entity and script',
      }),
    ],
    [3, () => hostileSvg(rng)],
    [1, () => ({ bytes: Buffer.from('{"map":"not an image"}'), what: 'JSON' })],
    [1, () => ({ bytes: Buffer.from(validPng), what: 'valid PNG' })],
  ])();
}

/** SVG that is deep, wide, self-referential, oddly sized or oddly encoded. */
export function hostileSvg(rng: Rng): { bytes: Buffer; what: string } {
  const open = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">';
  const n = rng.pick([100, 1000, 10_000]);
  const size = () =>
    rng.pick(['0', '-1', 'NaN', '1e309', '100%', '1e-400', '99999999999', '', 'auto', '10px 10px', '\u0000']);
  const [text, what] = rng.pick<[string, string]>([
    [`${open}${'<g>'.repeat(n)}${'</g>'.repeat(n)}</svg>`, `SVG nested ${n} deep`],
    [`${open}${'<rect/>'.repeat(n * 5)}</svg>`, `SVG with ${n * 5} elements`],
    [
      `<svg xmlns="http://www.w3.org/2000/svg" ${Array.from({ length: n }, (_, i) => `a${i}="1"`).join(' ')}/>`,
      `SVG with ${n} attributes`,
    ],
    [
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><svg xmlns="http://www.w3.org/2000/svg">&lol3;</svg>',
      'SVG billion laughs',
    ],
    [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size()}" height="${size()}" viewBox="${size()} ${size()} ${size()} ${size()}"/>`,
      'SVG with odd sizes',
    ],
    ['<!-- <svg --><html/>', 'not SVG, but says <svg in a comment'],
    [
      '<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="1" height="1"><svg:script>1</svg:script></svg:svg>',
      'prefixed SVG',
    ],
    [
      `${open}<use href="#a"/><g id="a"><use href="#a"/></g><image href="http://169.254.169.254/"/><foreignObject><iframe/></foreignObject></svg>`,
      'SVG with self-use and external refs',
    ],
    [
      `${open}<style>@import url(http://evil.example/x.css);*{background:url(javascript:1)}</style></svg>`,
      'SVG with hostile CSS',
    ],
    [`${open}<![CDATA[${'x'.repeat(LONG)}]]><text>${'&amp;'.repeat(n)}</text></svg>`, 'SVG with CDATA and entities'],
    [`${open}<text>unclosed`, 'unclosed SVG'],
  ]);
  const bytes = rng.chance(0.1)
    ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    : Buffer.from(text, 'utf8');
  return { bytes, what };
}

/** A bad request for `op`, derived from its schemas. */
export function buildCase(op: Operation, c: CaseContext, validPng: Buffer): FuzzCase {
  const { rng, hints } = c;
  const labels: string[] = [];
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const jsonBody = op.body?.contentType === 'application/json' ? op.body : undefined;
  const rawBody = op.body && !jsonBody ? op.body : undefined;

  const pathVals = new Map<string, string | RawUrl>();
  for (const p of pathParams) pathVals.set(p.name, String(validValue(p.schema, rng, hints, p.name, 'path')));
  const query: [string, string | RawUrl | null][] = [];
  // All optional parameters or a random few (some only make sense together, like enter and leave).
  const allOptional = rng.chance(0.5);
  for (const p of queryParams)
    if (p.required || allOptional || rng.chance(0.5))
      query.push([p.name, stringify(validValue(p.schema, rng, hints, p.name, 'query'))]);
  let body: unknown = jsonBody ? validValue(jsonBody.schema, rng, hints, '', 'body') : undefined;
  let bodyBytes: Buffer | undefined;
  let contentType: string | null | undefined = op.body?.contentType;
  let auth: string | null = `Bearer ${c.token}`;
  let chunked = false;
  let method = op.method;
  const extraHeaders: Record<string, string> = {};

  const objectBody = jsonBody && schemaType(jsonBody.schema) === 'object';
  const mutation = rng.weighted<string>([
    [4, 'valid'],
    [jsonBody ? 30 : 0, 'bodyField'],
    [jsonBody ? 8 : 0, 'bodyFields'],
    [jsonBody ? 6 : 0, 'bodyDrop'],
    [objectBody ? 5 : 0, 'bodyExtra'],
    [jsonBody ? 8 : 2, 'bodyWhole'],
    [jsonBody ? 5 : 1, 'bodyInvalid'],
    [op.body ? 6 : 1, 'contentType'],
    [rawBody ? 40 : 0, 'bytes'],
    [pathParams.length ? 20 : 0, 'path'],
    [pathParams.length ? 5 : 0, 'pathRaw'],
    [queryParams.length ? 20 : 3, 'query'],
    [queryParams.length ? 3 : 0, 'queryDup'],
    [op.public ? 0 : 2, 'auth'],
    [jsonBody ? 3 : 0, 'bodyMany'],
    [jsonBody || queryParams.length ? 10 : 0, 'edge'],
    [3, 'headers'],
    [1, 'method'],
  ]);
  labels.push(mutation);

  const mutateBodyField = () => {
    const slots = slotsOf(body, jsonBody!.schema, '');
    const slot = slots.length > 1 && rng.chance(0.9) ? rng.pick(slots.slice(1)) : slots[0]!;
    const bad = badValue(rng, slot.schema, slot.name, c.extraBad(slot.name, 'body'));
    body = replaceAt(body, slot.path, bad);
    labels.push(`${pathLabel('body', slot.path)} := ${show(bad, 80)}`);
  };

  switch (mutation) {
    case 'bodyField':
      mutateBodyField();
      break;
    case 'bodyFields':
      for (let i = rng.int(2, 4); i > 0; i--) mutateBodyField();
      break;
    case 'bodyDrop': {
      const slots = slotsOf(body, jsonBody!.schema, '').slice(1);
      const required = slots.filter((s) => {
        const key = s.path[s.path.length - 1];
        if (typeof key !== 'string') return false;
        const parentPath = s.path.slice(0, -1);
        const parent = slots.find(
          (p) => p.path.length === parentPath.length && p.path.every((x, i) => x === parentPath[i]),
        );
        return (parent?.schema ?? jsonBody!.schema).required?.includes(key) === true;
      });
      const pickFrom = required.length && rng.chance(0.8) ? required : slots;
      if (pickFrom.length) {
        const slot = rng.pick(pickFrom);
        body = replaceAt(body, slot.path, OMIT);
        labels.push(`without ${pathLabel('body', slot.path)}`);
      } else {
        body = rng.pick<unknown>([{}, []]);
        labels.push('empty body');
      }
      break;
    }
    case 'bodyExtra': {
      const key = rng.pick([
        'extra',
        'id',
        'organizationId',
        'role',
        'isAdmin',
        'superAdmin',
        '__proto__',
        'constructor',
        'prototype',
        '',
        '\u0000',
        '\ud800',
        '😀',
        'a'.repeat(1000),
        ...Object.keys(jsonBody!.schema.properties ?? {}),
      ]);
      const value = rng.chance(0.5) ? wrongType(rng) : badValue(rng, {}, key, c.extraBad(key, 'body'));
      body = new Entries([...Object.entries(body as Record<string, unknown>), [key, value]]);
      labels.push(`extra ${JSON.stringify(key)} := ${show(value, 60)}`);
      break;
    }
    case 'bodyWhole': {
      body = rng.pick<() => unknown>([
        () => deepJson(rng),
        () => deepJson(rng, 10_000),
        () => null,
        () => true,
        () => 0,
        () => -1,
        () => '',
        () => 'x',
        () => [],
        () => ({}),
        () => [body],
        () => ({ body }),
        () => Array.from({ length: 10_000 }, () => 0),
        () => Array.from({ length: 2_000 }, () => body),
        () => 'x'.repeat(LONG),
        () => nastyNumber(rng),
        () => nastyString(rng),
      ])();
      labels.push(`body := ${show(body, 80)}`);
      contentType ??= 'application/json';
      if (rawBody) contentType = 'application/json';
      break;
    }
    case 'bodyInvalid': {
      const valid = writeJson(body ?? {});
      const cut = rng.int(0, Math.max(valid.length - 1, 0));
      bodyBytes = rng.pick<() => Buffer>([
        () => Buffer.from(rng.pick(INVALID_JSON)),
        () => valid.subarray(0, cut),
        () => Buffer.concat([valid.subarray(0, cut), Buffer.from([0xff, 0xfe, 0x00, 0xc3]), valid.subarray(cut)]),
        () => Buffer.concat([valid, Buffer.from(rng.pick(['x', '}', ']', ',', '\u0000', ' {}']))]),
        () => Buffer.from(`{"name":"${String.fromCharCode(rng.int(0, 31))}"}`),
        () =>
          Buffer.concat([
            Buffer.from('{"name":"'),
            Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf8]),
            Buffer.from('"}'),
          ]),
        () => rng.bytes(rng.int(1, 256)),
      ])();
      labels.push(`invalid JSON ${show(bodyBytes, 80)}`);
      contentType = 'application/json';
      break;
    }
    case 'contentType': {
      contentType = rng.pick(CONTENT_TYPES);
      if (!op.body) body = { a: 1 };
      bodyBytes = rawBody ? imageLikeBytes(rng, validPng).bytes : writeJson(body ?? {});
      if (contentType?.startsWith('multipart/form-data')) bodyBytes = multipart(bodyBytes);
      else if (contentType === 'application/x-www-form-urlencoded')
        bodyBytes = Buffer.from('a=1&b[c]=2&__proto__[x]=1');
      chunked = rng.chance(0.2);
      labels.push(
        `content-type ${contentType === null ? '(none)' : JSON.stringify(contentType)}${chunked ? ', chunked' : ''}`,
      );
      break;
    }
    case 'bytes': {
      const img = imageLikeBytes(rng, validPng);
      bodyBytes = img.bytes;
      contentType = rng.weighted<string | null>([
        [6, 'application/octet-stream'],
        [2, 'image/png'],
        [1, 'image/jpeg'],
        [1, 'image/svg+xml'],
        [1, 'image/gif'],
        [1, null],
        [1, 'text/plain'],
        [1, 'application/json'],
      ]);
      chunked = rng.chance(0.1);
      labels.push(`${img.what} (${img.bytes.length} bytes) as ${contentType ?? '(no content type)'}`);
      break;
    }
    case 'path': {
      const p = rng.pick(pathParams);
      const bad = badValue(rng, { ...p.schema, format: 'uuid' }, p.name, c.extraBad(p.name, 'path'));
      const text = typeof bad === 'string' ? bad : bad instanceof RawJson ? bad.text : writeJson(bad).toString('utf8');
      pathVals.set(p.name, text);
      labels.push(`path ${p.name} := ${show(text, 80)}`);
      break;
    }
    case 'pathRaw': {
      const p = rng.pick(pathParams);
      const valid = String(pathVals.get(p.name));
      const raw = rng.pick(RAW_URL_PARTS);
      const v = new RawUrl(
        rng.pick([raw, `${urlEncode(valid)}${raw}`, `${raw}${urlEncode(valid)}`, `${raw}/${urlEncode(valid)}`]),
      );
      pathVals.set(p.name, v);
      labels.push(`path ${p.name} := raw ${JSON.stringify(v.text)}`);
      break;
    }
    case 'query': {
      if (queryParams.length && rng.chance(0.85)) {
        const p = rng.pick(queryParams);
        const i = query.findIndex(([k]) => k === p.name);
        if (p.required && rng.chance(0.2)) {
          if (i >= 0) query.splice(i, 1);
          labels.push(`without query ${p.name}`);
        } else {
          const bad = queryValue(rng, badValue(rng, p.schema, p.name, c.extraBad(p.name, 'query')));
          if (i >= 0) query[i] = [p.name, bad];
          else query.push([p.name, bad]);
          labels.push(
            `query ${p.name} := ${bad === null ? '(no value)' : show(bad instanceof RawUrl ? bad.text : bad, 80)}`,
          );
        }
      } else {
        const key = rng.pick([
          'x',
          '__proto__',
          'constructor',
          '__proto__[admin]',
          'a[b][c]',
          'limit',
          '',
          '😀',
          'x'.repeat(300),
        ]);
        const v = queryValue(rng, rng.pick<unknown>(['1', '', null, nastyString(rng), new RawUrl('%ZZ')]));
        query.push([key, v]);
        labels.push(`unknown query ${JSON.stringify(key)}`);
      }
      break;
    }
    case 'queryDup': {
      const p = rng.pick(queryParams);
      const v = stringify(validValue(p.schema, rng, hints, p.name, 'query'));
      query.push([p.name, v], [p.name, queryValue(rng, badValue(rng, p.schema, p.name))]);
      labels.push(`query ${p.name} twice`);
      break;
    }
    case 'edge': {
      // Values the schemas accept, on their edges, in one or several places.
      const slots = jsonBody
        ? slotsOf(body, jsonBody.schema, '').filter((x) => {
            const t = schemaType(x.schema);
            return x.path.length > 0 && t !== 'object' && t !== 'array';
          })
        : [];
      const places = [...slots.map((x) => ({ slot: x })), ...queryParams.map((p) => ({ param: p }))];
      for (let i = places.length ? rng.int(1, Math.min(3, places.length)) : 0; i > 0; i--) {
        const place = rng.pick(places);
        if ('slot' in place && place.slot) {
          const v = edgeValue(rng, place.slot.schema, place.slot.name);
          if (v === undefined) continue;
          body = replaceAt(body, place.slot.path, v);
          labels.push(`${pathLabel('body', place.slot.path)} := ${show(v, 60)}`);
        } else if ('param' in place && place.param) {
          const p = place.param;
          const v = stringify(edgeValue(rng, p.schema, p.name) ?? '');
          const at = query.findIndex(([k]) => k === p.name);
          if (at >= 0) query[at] = [p.name, v];
          else query.push([p.name, v]);
          labels.push(`query ${p.name} := ${show(v, 60)}`);
        }
      }
      break;
    }
    case 'bodyMany': {
      // An array at (or past) its limit, or a very long one when it has none.
      const arrays = slotsOf(body, jsonBody!.schema, '').filter((x) => schemaType(x.schema) === 'array');
      if (!arrays.length) {
        body = Array.from({ length: 1000 }, () => body);
        labels.push('body repeated 1000×');
        break;
      }
      const slot = rng.pick(arrays);
      const max = slot.schema.maxItems;
      const n = max === undefined ? rng.pick([100, 1000]) : rng.pick([max, max + 1]);
      const items = Array.from({ length: n }, () => validValue(slot.schema.items ?? {}, rng, hints, slot.name, 'body'));
      body = replaceAt(body, slot.path, items);
      labels.push(`${pathLabel('body', slot.path)} with ${n} items`);
      break;
    }
    case 'headers': {
      const [name, value] = rng.pick<[string, string]>([
        ['accept', rng.pick(['text/csv', 'application/xml', '*/*;q=0', 'image/*', '', 'text/html, */*;q=0.1;;'])],
        ['accept-language', rng.pick(['he-IL,he;q=0.9', 'xx', '*', ';q=2', 'de-DE-u-ca-buddhist', ''])],
        ['accept-encoding', rng.pick(['gzip, br, zstd', 'identity;q=0', 'x-unknown', '*;q=0'])],
        ['content-encoding', rng.pick(['gzip', 'br', 'deflate', 'x-unknown'])],
        ['if-none-match', rng.pick(['*', '"x"', 'W/"1"', '"' + 'a'.repeat(4000) + '"', ''])],
        [
          'if-modified-since',
          rng.pick(['Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', '', 'Fri, 31 Dec 9999 23:59:59 GMT']),
        ],
        [
          'range',
          rng.pick(['bytes=0-0', 'bytes=-1', 'bytes=100-50', 'bytes=0-99999999999', 'lines=1-2', 'bytes=0-1,2-3,4-5']),
        ],
        ['origin', rng.pick(['null', 'https://evil.example', 'http://127.0.0.1', 'x'])],
        [
          'user-agent',
          rng.pick(['', 'Mozilla/5.0 (X11; Linux x86_64) ' + 'A'.repeat(8000), '\u00ff\u00fe latin-1', 'curl/8']),
        ],
        ['x-forwarded-for', rng.pick(['1.2.3.4, 5.6.7.8', '::1', 'not-an-ip', ''])],
        ['host', rng.pick(['', 'evil.example', 'fuzz.example', 'a'.repeat(300), '[::1]:99999', 'localhost:0'])],
        ['cookie', rng.pick(['a=b', '=;=;=', 'session=' + 'x'.repeat(4000)])],
        ['expect', rng.pick(['100-continue', 'something-else'])],
        ['x-http-method-override', rng.pick(['DELETE', 'PATCH'])],
      ]);
      extraHeaders[name] = value;
      labels.push(`header ${name}: ${show(value, 60)}`);
      break;
    }
    case 'method': {
      method = rng.pick(['HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND', 'SEARCH']);
      labels.push(`method ${method}`);
      break;
    }
    case 'auth': {
      const t = c.token;
      auth = rng.pick<string | null>([
        null,
        '',
        'Bearer',
        'Bearer ',
        'Bearer x',
        `Bearer ${t.slice(0, -3)}AAA`,
        `Bearer ${t.split('.').slice(0, 2).join('.')}.`,
        `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${t.split('.')[1] ?? ''}.`,
        `bearer ${t}`,
        `Bearer  ${t}`,
        `Bearer ${t} ${t}`,
        `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        `Bearer ${'a'.repeat(8000)}`,
        `Bearer ${t}\u00ff`,
      ]);
      labels.push(`authorization ${auth === null ? '(none)' : show(auth.replace(t, '<token>'), 60)}`);
      break;
    }
  }

  if (bodyBytes === undefined && body !== undefined) {
    const b = writeJson(body);
    bodyBytes = rawBody && mutation !== 'bodyWhole' ? imageLikeBytes(rng, validPng).bytes : b;
  }
  if (rawBody && bodyBytes === undefined) bodyBytes = imageLikeBytes(rng, validPng).bytes;

  let path = op.path;
  for (const p of pathParams) {
    let v = pathVals.get(p.name)!;
    if (c.guardPath) {
      const text = typeof v === 'string' ? v : v.text;
      const guarded = c.guardPath(p.name, text);
      if (guarded !== text) v = guarded;
    }
    path = path.replace(`{${p.name}}`, urlEncode(v));
  }
  const qs = query.map(([k, v]) => (v === null ? urlEncode(k) : `${urlEncode(k)}=${urlEncode(v)}`)).join('&');
  const headers: Record<string, string> = {};
  if (auth !== null) headers.authorization = auth;
  Object.assign(headers, extraHeaders);
  if (contentType !== null && contentType !== undefined && bodyBytes !== undefined)
    headers['content-type'] = contentType;
  return {
    req: { method, url: qs ? `${path}?${qs}` : path, headers, body: bodyBytes, chunked },
    label: labels.join('; '),
    normalAuth: mutation !== 'auth',
  };
}

/** A value as query text; `null` means the key without `=`. */
function stringify(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof RawJson) return v.text;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return writeJson(v).toString('utf8');
}

function queryValue(rng: Rng, v: unknown): string | RawUrl | null {
  if (v === null) return rng.chance(0.5) ? null : '';
  if (rng.chance(0.1)) return new RawUrl(rng.pick(RAW_URL_PARTS));
  return stringify(v);
}
