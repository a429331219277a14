import type { ApiError } from '@perch/client';

/** Awaits a promise that must fail and returns the ApiError (status and appCode) it failed with. */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Status of a failed call, for compact assertions. */
export async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    return (e as ApiError).status;
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request with full control over headers and body bytes (fetch refuses to set `Host`
 * and to send bodies on GET), for tests of unusual input.
 */
export async function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const headers = { ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
    // A fresh connection per request: the server may close one after refusing a body.
    const req = request(url, { method: opts.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}
