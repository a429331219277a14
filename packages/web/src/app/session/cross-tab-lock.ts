import { Mutex } from '@perch/client';

type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

const REFRESH_LOCK_NAME = 'perch-refresh';

/**
 * Serialises token refreshes across all tabs of this origin. Refresh tokens rotate on use, so
 * two tabs refreshing with the same token at once would sign one of them out. Falls back to an
 * in-page mutex where the Web Locks API is missing.
 */
export function crossTabExclusive(locks: LockManager | undefined = globalThis.navigator?.locks): Exclusive {
  if (locks && typeof locks.request === 'function') {
    return <T>(fn: () => Promise<T>) => locks.request(REFRESH_LOCK_NAME, () => fn()) as Promise<T>;
  }
  const mutex = new Mutex();
  return (fn) => mutex.run(fn);
}
