import { request } from 'node:http';

/**
 * HTTP: a request sent exactly as given (any method, headers, raw or chunked body) that never
 * rejects and never hangs, its answer, and a runner that keeps a bounded number in flight.
 */

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
