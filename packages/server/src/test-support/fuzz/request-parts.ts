import { RawJson, writeJson } from './json.js';
import type { Rng } from './rng.js';
import { RAW_URL_PARTS, RawUrl } from './url.js';

/**
 * Parts of a bad request other than its JSON value: content types, invalid JSON texts, a
 * multipart wrapper, and the rendering of a value as query text (sometimes as a raw URL part).
 */

const MULTIPART_BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';
export const CONTENT_TYPES: readonly (string | null)[] = [
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

export const INVALID_JSON: readonly string[] = [
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

export function multipart(body: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="../../x.json"\r\n` +
        'Content-Type: application/json\r\n\r\n',
    ),
    body,
    Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
}

/** A value as query text; `null` means the key without `=`. */
export function stringify(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof RawJson) return v.text;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return writeJson(v).toString('utf8');
}

export function queryValue(rng: Rng, v: unknown): string | RawUrl | null {
  if (v === null) return rng.chance(0.5) ? null : '';
  if (rng.chance(0.1)) return new RawUrl(rng.pick(RAW_URL_PARTS));
  return stringify(v);
}
