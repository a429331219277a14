/**
 * URLs: already encoded URL text sent as is, percent-encoding of any string (lone surrogates
 * too, through WTF-8) for path segments and query values, and broken URL parts.
 */

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
