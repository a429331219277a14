/**
 * JSON that JSON.stringify cannot write: raw tokens, raw bytes (invalid UTF-8) and objects
 * written key by key (duplicate keys, `__proto__` as a real key), the writer that emits them,
 * and a short printable rendering of any value for failure reports.
 */

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
