import { login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { wall } from './bookings.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.js';

/**
 * Booking load for the outage and crash suites: a few workers, each booking one-hour slots
 * one after another on a desk of its own, plus reads of the signed-in user, recording every
 * answer (status, Retry-After, duration) and the ids of the bookings the server acknowledged.
 */
export interface Answer {
  at: number;
  /** The Perch process asked (its base URL). */
  server: string;
  path: string;
  /** The HTTP status; 0: no answer (refused, reset), -1: no answer within the timeout. */
  status: number;
  /** Why there was no answer: the socket error's code (ECONNREFUSED, UND_ERR_SOCKET …). */
  error?: string;
  /** The id of what a 201 created (X-Object-Id). */
  objectId?: string;
  retryAfter: string | null;
  ms: number;
}

export interface BookingLoad {
  answers: Answer[];
  /** Booking ids answered with 201. */
  acknowledged: string[];
  /** Stops the workers and waits for their last requests. */
  stop(): Promise<void>;
}

export const ZONE = 'Europe/Berlin';
/** No request may take longer than this, database or not. */
export const REQUEST_TIMEOUT_MS = 15_000;

export interface Floor {
  token: string;
  desks: string[];
}

/** Signs in as the bootstrap admin and prepares an area with one desk per worker. */
export async function prepareFloor(url: string, workers: number): Promise<Floor> {
  const orgId = ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
  const admin = new PerchClient({ baseUrl: url });
  await login(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: orgId });
  await admin.put('/setting/', [
    { name: 'max_bookings_per_user', value: '9999' },
    { name: 'max_concurrent_bookings_per_user', value: '0' },
    { name: 'max_days_in_advance', value: '9999' },
  ]);
  const loc = (await admin.post('/location/', { name: 'Load floor', enabled: true, timezone: ZONE })).objectId!;
  const desks = (
    await admin.post<{ creates: { id: string }[] }>(`/location/${loc}/space/bulk`, {
      creates: Array.from({ length: workers }, (_, i) => ({ name: `Load desk ${i + 1}` })),
    })
  ).data.creates.map((c) => c.id);
  return { token: admin.store.load()!.accessToken, desks };
}

/** What kept a request from being answered: fetch's cause's code, else the error's name. */
export function noAnswerReason(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return (e as Error).name;
}

/** Starts the workers against `urls` (worker i uses urls[i % urls.length]). */
export function startBookingLoad(urls: readonly string[], floor: Floor): BookingLoad {
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  let running = true;
  const send = async (url: string, path: string, init: RequestInit): Promise<Response | null> => {
    const started = performance.now();
    let status = 0;
    let retryAfter: string | null = null;
    let error: string | undefined;
    let objectId: string | undefined;
    try {
      const res = await fetch(url + path, {
        ...init,
        headers: { authorization: `Bearer ${floor.token}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      if (status === 201) objectId = res.headers.get('x-object-id') ?? undefined;
      return res;
    } catch (e) {
      // 0: no answer at all (connection refused or reset), -1: the timeout above.
      status = (e as Error).name === 'TimeoutError' ? -1 : 0;
      error = noAnswerReason(e);
      return null;
    } finally {
      answers.push({
        at: Date.now(),
        server: url,
        path,
        status,
        error,
        objectId,
        retryAfter,
        ms: performance.now() - started,
      });
    }
  };
  const worker = async (i: number) => {
    const url = urls[i % urls.length]!;
    for (let n = 0; running; n++) {
      // Slot n of worker i: one hour on its own desk, days ahead, never overlapping.
      const day = 1 + Math.floor(n / 20);
      const hour = 2 + (n % 20);
      const res = await send(url, '/booking/', {
        method: 'POST',
        body: JSON.stringify({
          spaceId: floor.desks[i],
          enter: wall(ZONE, day, hour),
          leave: wall(ZONE, day, hour, 59),
        }),
      });
      if (res?.status === 201) acknowledged.push(res.headers.get('x-object-id')!);
      else await res?.arrayBuffer();
      const me = await send(url, '/user/me', { method: 'GET' });
      await me?.arrayBuffer();
      if (!res || res.status >= 500) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const done = Promise.all(floor.desks.map((_, i) => worker(i)));
  return {
    answers,
    acknowledged,
    stop: async () => {
      running = false;
      await done;
    },
  };
}
