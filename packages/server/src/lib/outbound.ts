import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { pipeline, Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isPublicAddress, OutboundAllowList } from './outbound-addresses.js';

/**
 * The one way the server fetches a URL on someone's behalf (a person's CalDAV server, a sign-in
 * provider an admin registered, the release feed): a fetch-compatible function whose every
 * connection goes to an address the policy admits. The host name is resolved once per connection
 * and the connection is made to exactly the addresses that were checked (no second lookup that a
 * DNS rebinding could answer differently); redirects are followed by hand, each hop checked the
 * same way, and credentials are not carried to another origin. Answers are capped in size, every
 * call has a deadline, and each owner (a person, a provider) has a few calls in flight at most, so
 * nobody can hold many server requests on a host that never answers.
 */

export type OutboundFailure =
  /** The URL is not http(s), or has credentials in it. */
  | 'bad-url'
  /** The host resolves to an address the policy refuses (loopback, private, link-local …). */
  | 'address-refused'
  /** No connection: unknown host, refused, reset, unreachable network, TLS failure. */
  | 'unreachable'
  | 'timeout'
  /** The owner already has the most calls in flight, or the process has. */
  | 'busy'
  | 'too-large'
  | 'too-many-redirects';

/** Why an outbound call failed, in words that name the class of failure and nothing the remote side said. */
export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    /** The underlying system error code (for the server's log, not for the person). */
    readonly detail = '',
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundCallOptions {
  /** Whose call this is (a user id, `provider:<id>` …): their calls in flight are capped. */
  owner: string;
  /** Deadline of the whole call, redirects included. */
  timeoutMs?: number;
  /** Largest answer body read; more fails the body with `too-large`. */
  maxBytes?: number;
  /** Redirects followed when the request asks to follow them. */
  maxRedirects?: number;
  /** Calls in flight for this owner, instead of the policy's `perOwner`. */
  limit?: number;
}

export interface OutboundPolicyOptions {
  /** `OUTBOUND_ALLOWED_HOSTS`: names, `*.domain`, addresses and CIDR ranges let through anyway. */
  allowed: readonly string[];
  /** Resolves host names (the system's resolver, so /etc/hosts counts as for every other program). */
  lookup: LookupFunction;
  /** Calls in flight per owner. */
  perOwner?: number;
  /** Calls in flight in this process. */
  total?: number;
  userAgent?: string;
}

export interface Outbound {
  /** A fetch for one owner, for libraries that take a fetch function (tsdav, openid-client). */
  fetchFor(owner: string, options?: Omit<OutboundCallOptions, 'owner'>): typeof fetch;
  fetch(input: string | URL, init: RequestInit | undefined, options: OutboundCallOptions): Promise<Response>;
  /** The policy as a `lookup` for node:http(s) requests made by hand; refuses like `fetch`. */
  lookup: LookupFunction;
  /** The same with another resolver (the domain probe asks `DNS_SERVER`). */
  lookupVia(resolve: LookupFunction): LookupFunction;
  /** Whether a literal address may be connected to. */
  admits(address: string, hostname?: string): boolean;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that carry a credential: they do not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const refusedMessage = (hostname: string) =>
  `The address of ${hostname} is not allowed: it is a local, private or reserved network address (an administrator can allow it with OUTBOUND_ALLOWED_HOSTS)`;

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'ESERVFAIL',
  'ENODATA',
  'EREFUSED',
]);

function classify(err: unknown, hostname: string, timedOut: boolean): OutboundError {
  if (err instanceof OutboundError) return err;
  const e = err as { name?: string; code?: string; message?: string };
  if (timedOut || e.name === 'TimeoutError') return new OutboundError('timeout', `${hostname} did not answer in time`);
  const code = e.code ?? '';
  if (code.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(e.message ?? '') || code.includes('CERT'))
    return new OutboundError('unreachable', `No secure connection to ${hostname} (certificate or TLS failure)`, code);
  if (e.name === 'AbortError') return new OutboundError('timeout', `The call to ${hostname} was cancelled`);
  return new OutboundError(
    'unreachable',
    `${hostname} cannot be reached`,
    UNREACHABLE_CODES.has(code) ? code : code || (e.message ?? ''),
  );
}

/** Request headers as a plain object, and the body as bytes (the forms fetch callers send). */
async function requestParts(input: string | URL | Request, init: RequestInit | undefined) {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : input.toString());
  const headers = new Headers(init?.headers ?? request?.headers);
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  let body: Buffer | undefined;
  const raw = init?.body !== undefined ? init.body : request?.body ? await request.arrayBuffer() : undefined;
  if (typeof raw === 'string') {
    body = Buffer.from(raw);
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
  } else if (raw instanceof URLSearchParams) {
    body = Buffer.from(raw.toString());
    if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
  } else if (raw instanceof ArrayBuffer) body = Buffer.from(raw);
  else if (ArrayBuffer.isView(raw)) body = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  else if (raw !== undefined && raw !== null) throw new TypeError('Unsupported request body for an outbound call');
  return { url, method, headers, body, redirect: init?.redirect ?? request?.redirect ?? 'follow' };
}

/** Fails the stream once more than `max` bytes went through it. */
function sizeLimit(max: number, hostname: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new OutboundError('too-large', `The answer of ${hostname} is larger than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

function decoderFor(res: http.IncomingMessage): Transform | undefined {
  const encoding = (res.headers['content-encoding'] ?? '').toLowerCase().trim();
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/**
 * The answer's body, decoded and capped. A failure anywhere along the way (connection, bad
 * compression, too large) ends the last stream with that error, which the reader sees; it never
 * escapes as an unhandled stream error when nobody reads the body.
 */
function limitedBody(res: http.IncomingMessage, maxBytes: number, hostname: string): Readable {
  const limited = sizeLimit(maxBytes, hostname);
  const decoder = decoderFor(res);
  pipeline(decoder ? [res, decoder, limited] : [res, limited], () => {});
  limited.on('error', () => {});
  return limited;
}

/**
 * A node stream as a web stream, read only when asked (pull): Node 20's `Readable.toWeb` can push
 * into a stream the reader already cancelled and throw outside any request.
 */
function webStream(stream: Readable): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } catch (e) {
        controller.error(e);
      }
    },
    cancel() {
      stream.destroy();
    },
  });
}

const NO_BODY_STATUS = new Set([204, 205, 304]);

export function createOutbound(options: OutboundPolicyOptions): Outbound {
  const allowList = new OutboundAllowList(options.allowed);
  const perOwner = options.perOwner ?? 4;
  const total = options.total ?? 64;
  const inFlight = new Map<string, number>();
  let inFlightTotal = 0;

  const admits = (address: string, hostname?: string): boolean =>
    isPublicAddress(address) ||
    allowList.allowsAddress(address) ||
    (hostname !== undefined && net.isIP(hostname) === 0 && allowList.allowsName(hostname));

  /** Resolves, then passes on only a name whose every address is admitted. */
  const lookupVia =
    (resolve: LookupFunction): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      resolve(hostname, { ...lookupOptions, all: true }, (err, found) => {
        if (err) return callback(err, '', 0);
        const addresses = (Array.isArray(found) ? found : []) as LookupAddress[];
        if (addresses.length === 0 || !addresses.every((a) => admits(a.address, hostname))) {
          const refused = new OutboundError('address-refused', refusedMessage(hostname));
          return callback(refused as unknown as NodeJS.ErrnoException, '', 0);
        }
        if (lookupOptions?.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    };
  const lookup = lookupVia(options.lookup);

  function acquire(owner: string, limit = perOwner): () => void {
    const mine = inFlight.get(owner) ?? 0;
    if (mine >= limit || inFlightTotal >= total)
      throw new OutboundError('busy', 'Too many calls to outside servers at once; try again in a few seconds');
    inFlight.set(owner, mine + 1);
    inFlightTotal++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlightTotal--;
      const left = (inFlight.get(owner) ?? 1) - 1;
      if (left <= 0) inFlight.delete(owner);
      else inFlight.set(owner, left);
    };
  }

  /** One request/answer, no redirects. Resolves when the headers are in. */
  function once(
    url: URL,
    method: string,
    headers: Headers,
    body: Buffer | undefined,
    signal: AbortSignal,
    maxBytes: number,
  ): Promise<Response> {
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return Promise.reject(new OutboundError('bad-url', 'Only http and https addresses can be used'));
    if (url.username || url.password)
      return Promise.reject(new OutboundError('bad-url', 'The address may not contain a user name or password'));
    if (net.isIP(hostname) && !admits(hostname))
      return Promise.reject(new OutboundError('address-refused', refusedMessage(hostname)));
    const outgoing: Record<string, string> = {};
    headers.forEach((value, name) => (outgoing[name] = value));
    outgoing['user-agent'] ??= options.userAgent ?? 'Perch';
    outgoing['accept-encoding'] ??= 'gzip, deflate, br';
    if (body) outgoing['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, { method, headers: outgoing, lookup, agent: false, signal }, (res) => {
        const status = res.statusCode ?? 502;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, v);
        }
        const empty = method === 'HEAD' || NO_BODY_STATUS.has(status) || status < 200;
        let stream: ReadableStream | null = null;
        if (empty) res.resume();
        else {
          stream = webStream(limitedBody(res, maxBytes, hostname));
        }
        responseHeaders.delete('content-encoding');
        responseHeaders.delete('content-length');
        resolve(
          new Response(stream, {
            status: status < 200 || status > 599 ? 502 : status,
            statusText: '',
            headers: responseHeaders,
          }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  async function outboundFetch(
    input: string | URL | Request,
    init: RequestInit | undefined,
    call: OutboundCallOptions,
  ): Promise<Response> {
    const parts = await requestParts(input, init);
    const hostname = parts.url.hostname;
    const release = acquire(call.owner, call.limit);
    const timeout = AbortSignal.timeout(call.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
    const maxRedirects = call.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    let { url, method, body } = parts;
    const headers = parts.headers;
    try {
      for (let hop = 0; ; hop++) {
        const res = await once(url, method, headers, body, signal, call.maxBytes ?? DEFAULT_MAX_BYTES);
        const location = res.headers.get('location');
        if (!REDIRECTS.has(res.status) || !location || parts.redirect === 'manual') return res;
        await res.body?.cancel();
        if (parts.redirect === 'error') throw new OutboundError('too-many-redirects', `${hostname} redirected`);
        if (hop >= maxRedirects) throw new OutboundError('too-many-redirects', `${hostname} redirected too often`);
        const next = new URL(location, url);
        if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) headers.delete(h);
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          if (method !== 'HEAD') method = 'GET';
          body = undefined;
          headers.delete('content-type');
        }
        url = next;
      }
    } catch (err) {
      throw classify(err, hostname, timeout.aborted);
    } finally {
      // The slot is held while the headers are awaited; reading the body is bounded by maxBytes.
      release();
    }
  }

  return {
    fetch: outboundFetch,
    fetchFor: (owner, opts = {}) =>
      ((input: string | URL | Request, init?: RequestInit) =>
        outboundFetch(input, init, { ...opts, owner })) as typeof fetch,
    lookup,
    lookupVia,
    admits,
  };
}
