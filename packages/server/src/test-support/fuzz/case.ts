import { badValue, edgeValue, OMIT, pathLabel, replaceAt, slotsOf, validValue, type Hints } from './generate.js';
import type { FuzzRequest } from './http.js';
import { imageLikeBytes } from './image-bytes.js';
import { Entries, RawJson, show, writeJson } from './json.js';
import type { Operation } from './openapi.js';
import { CONTENT_TYPES, INVALID_JSON, multipart, queryValue, stringify } from './request-parts.js';
import type { Rng } from './rng.js';
import { schemaType } from './schema.js';
import { RAW_URL_PARTS, RawUrl, urlEncode } from './url.js';
import { deepJson, LONG, nastyNumber, nastyString, wrongType } from './values.js';

/**
 * The case builder: a bad request for one operation of the OpenAPI document, derived from its
 * schemas. It starts from a valid-looking request and applies one weighted mutation (a bad body
 * field, a dropped or extra property, broken JSON, a wrong content type, raw bytes, a bad path or
 * query parameter, edge values, odd headers, method or authorization).
 */

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
