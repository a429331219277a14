import type { Credentials, RouteRef } from '@perch/contract';
import { path as fillPath } from '@perch/contract/values';
import type { AnyCallInput, CallArgs, CallData, CallOutput, Created } from './call-types.js';
import { ApiError } from './errors.js';
import { MemoryCredentialStore, jwtExpiry, type CredentialStore, type StoredCredentials } from './credentials.js';
import { Mutex } from './lock.js';

export interface ClientOptions {
  /** Server origin, e.g. `https://perch.example.com`; `""` means same origin. */
  baseUrl?: string;
  store?: CredentialStore;
  /** Request time-out in milliseconds (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * Runs the refresh exclusively. The default serialises within this client; the web app
   * passes one that also serialises across browser tabs.
   */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Called after a refused refresh cleared the credentials (the web app signs out). */
  onSignedOut?: () => void;
  /** Treat an access token as expired this long before its real expiry (default 10 s). */
  expirySkewMs?: number;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Raw body bytes (e.g. an image upload) with their content type. */
  raw?: { data: BodyInit; contentType: string };
  /** Skip authentication (public endpoints). */
  anonymous?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  headers: Headers;
  /** The `X-Object-Id` header of a create. */
  objectId: string | null;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Used when a token carries no readable expiry (the reference client assumes 5 minutes). */
const FALLBACK_TOKEN_LIFETIME_MS = 300_000;

/** Typed HTTP client for the Perch (and Seatsurfing-compatible) API. */
export class PerchClient {
  readonly baseUrl: string;
  readonly store: CredentialStore;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  private readonly onSignedOut: (() => void) | undefined;
  private readonly skew: number;

  constructor(opts: ClientOptions = {}) {
    this.baseUrl = (opts.baseUrl ?? '').replace(/\/$/, '');
    this.store = opts.store ?? new MemoryCredentialStore();
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchImpl = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const mutex = new Mutex();
    this.exclusive = opts.exclusive ?? ((fn) => mutex.run(fn));
    this.onSignedOut = opts.onSignedOut;
    this.skew = opts.expirySkewMs ?? 10_000;
  }

  get signedIn(): boolean {
    return this.store.load() !== null;
  }

  /** Stores credentials from a login or refresh response. */
  acceptCredentials(c: Pick<Credentials, 'accessToken' | 'refreshToken'> & Partial<Credentials>): StoredCredentials {
    const previous = this.store.load();
    const stored: StoredCredentials = {
      accessToken: c.accessToken,
      refreshToken: c.refreshToken,
      accessTokenExpiry: c.accessTokenExpiry ?? jwtExpiry(c.accessToken) ?? Date.now() + FALLBACK_TOKEN_LIFETIME_MS,
      // The server's refresh answer has empty provider URLs; keep the ones from sign-in.
      logoutUrl: c.logoutUrl || previous?.logoutUrl || '',
      profilePageUrl: c.profilePageUrl || previous?.profilePageUrl || '',
    };
    this.store.save(stored);
    return stored;
  }

  clearCredentials(): void {
    this.store.clear();
  }

  /**
   * Makes sure the access token is usable, refreshing it when it has (nearly) expired.
   * Serialised, so concurrent requests refresh once; skipped while the token is valid.
   * Returns the token to use, or null when signed out.
   */
  async ensureAccessToken(): Promise<string | null> {
    const current = this.store.load();
    if (!current) return null;
    if (current.accessTokenExpiry - this.skew > Date.now()) return current.accessToken;
    return this.exclusive(async () => {
      // Another caller (or tab) may have refreshed while we waited.
      const latest = this.store.load();
      if (!latest) return null;
      if (latest.accessTokenExpiry - this.skew > Date.now()) return latest.accessToken;
      return (await this.refreshWith(latest.refreshToken)).accessToken;
    });
  }

  /** Forces a refresh now (serialised). */
  async refresh(): Promise<StoredCredentials> {
    return this.exclusive(async () => {
      const latest = this.store.load();
      if (!latest) throw new ApiError(401, 0, 'Not signed in');
      return this.refreshWith(latest.refreshToken);
    });
  }

  private async refreshWith(refreshToken: string): Promise<StoredCredentials> {
    let res: Response;
    try {
      res = await this.send('POST', '/auth/refresh', { body: { refreshToken }, anonymous: true }, null);
    } catch (e) {
      throw new ApiError(401, 0, `Refreshing the session failed: ${(e as Error).message}`, undefined, null, true);
    }
    // A server error is not a refusal: the refresh token may still be good, so it is kept.
    if (res.status >= 500)
      throw new ApiError(
        401,
        appCodeOf(res),
        `Refreshing the session failed with ${res.status}`,
        undefined,
        null,
        true,
      );
    if (!res.ok) {
      this.store.clear();
      this.onSignedOut?.();
      throw new ApiError(401, appCodeOf(res), 'The session has ended; sign in again');
    }
    const body = (await res.json().catch(() => null)) as Partial<Credentials> | null;
    if (typeof body?.accessToken !== 'string' || typeof body.refreshToken !== 'string')
      throw new ApiError(401, 0, 'The refresh answer was not understood');
    return this.acceptCredentials({
      accessToken: body.accessToken,
      refreshToken: body.refreshToken,
      ...(typeof body.accessTokenExpiry === 'number' ? { accessTokenExpiry: body.accessTokenExpiry } : {}),
      ...(typeof body.logoutUrl === 'string' ? { logoutUrl: body.logoutUrl } : {}),
      ...(typeof body.profilePageUrl === 'string' ? { profilePageUrl: body.profilePageUrl } : {}),
    });
  }

  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    let token: string | null = null;
    if (!opts.anonymous) {
      try {
        token = await this.ensureAccessToken();
      } catch (e) {
        if (e instanceof ApiError) throw new ApiError(401, e.appCode, e.message, undefined, null, e.temporary);
        throw new ApiError(401, 0, (e as Error).message);
      }
    }
    const res = await this.send(method, path, opts, token);
    const text = await res.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!res.ok) {
      const message =
        data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
          ? data.message
          : `${method} ${path} failed with ${res.status}`;
      throw new ApiError(res.status, appCodeOf(res), message, data, retryAfterOf(res));
    }
    return { status: res.status, data: data as T, headers: res.headers, objectId: res.headers.get('x-object-id') };
  }

  private async send(method: string, path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const url = new URL(this.baseUrl + path, this.baseUrl ? undefined : globalThis.location?.origin);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {};
    let body: BodyInit | undefined;
    if (opts.raw) {
      headers['content-type'] = opts.raw.contentType;
      body = opts.raw.data;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await this.fetchImpl(url, {
        method,
        headers,
        body,
        cache: 'no-cache',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new ApiError(
        0,
        0,
        timedOut ? `${method} ${path} timed out` : `${method} ${path} could not reach the server`,
      );
    }
  }

  /**
   * Calls a route of the contract: `client.call(routes.booking.get, { params: { id } })`.
   * Path parameters, query, body and answer are typed from the contract's endpoint table.
   * Resolves to the body (200), `{ id, data }` (201, `id` from `X-Object-Id`) or nothing (204).
   */
  async call<R extends RouteRef>(route: R, ...args: CallArgs<R>): Promise<CallOutput<R>> {
    const res = await this.callResponse(route, ...args);
    if (route.status === 201) {
      if (!res.objectId) throw new ApiError(res.status, 0, 'The server did not return the new id');
      const created: Created<unknown> = { id: res.objectId, data: res.data };
      return created as CallOutput<R>;
    }
    return (route.status === 204 ? undefined : res.data) as CallOutput<R>;
  }

  /** Like `call`, with the whole answer: status, headers and `X-Object-Id`. */
  async callResponse<R extends RouteRef>(route: R, ...args: CallArgs<R>): Promise<ApiResponse<CallData<R>>> {
    const input: AnyCallInput = args[0] ?? {};
    return this.request<CallData<R>>(route.method, fillPath(route.path, input.params), {
      body: input.body,
      query: input.query,
      raw: input.raw,
      // Sign-in and refresh go without a token; sign-out sends the session's.
      anonymous: route.public === true && route.withSession !== true,
    });
  }

  async get<T = unknown>(path: string, query?: RequestOptions['query']): Promise<T> {
    return (await this.request<T>('GET', path, { query })).data;
  }
  async post<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { body });
  }
  async put<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, { body });
  }
  async delete(path: string): Promise<void> {
    await this.request('DELETE', path);
  }

  /**
   * Saves an entity the way the API expects: POST to the collection without an id (the new
   * id comes from `X-Object-Id`), PUT to the item with one. Returns the id.
   */
  async save(collectionPath: string, entity: { id?: string | null } & Record<string, unknown>): Promise<string> {
    const { id, ...rest } = entity;
    if (id) {
      await this.request('PUT', `${collectionPath.replace(/\/$/, '')}/${encodeURIComponent(id)}`, { body: rest });
      return id;
    }
    const res = await this.request('POST', collectionPath, { body: rest });
    if (!res.objectId) throw new ApiError(res.status, 0, 'The server did not return the new id');
    return res.objectId;
  }
}

function retryAfterOf(res: Response): number | null {
  const raw = res.headers.get('retry-after');
  if (!raw) return null;
  const seconds = /^\d+$/.test(raw) ? Number(raw) : (Date.parse(raw) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

function appCodeOf(res: Response): number {
  const raw = res.headers.get('x-error-code');
  const n = raw ? Number.parseInt(raw, 10) : 0;
  return Number.isFinite(n) ? n : 0;
}
