import { Entries, RawJson } from './json.js';
import type { Rng } from './rng.js';
import { schemaType, type JsonSchema } from './schema.js';

/**
 * Nasty values: deep nesting, hostile text, ids of the wrong shape, impossible dates, unknown
 * time zones, numbers around every edge and values of the wrong JSON type, the pools that bad
 * values are drawn from.
 */

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
