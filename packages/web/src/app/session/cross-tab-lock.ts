import { Mutex } from '@perch/client';

type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

const REFRESH_LOCK_NAME = 'perch-refresh';

/**
 * Serialises token refreshes across all tabs of this origin. Refresh tokens rotate on use, so
 * two tabs refreshing with the same token at once would sign one of them out. Falls back to an
 * in-page mutex where the Web Locks API is missing, or refused (another site's frame with
 * third-party storage blocked, where the credentials are the page's own anyway).
 */
export function crossTabExclusive(locks: LockManager | undefined = globalThis.navigator?.locks): Exclusive {
  const mutex = new Mutex();
  if (!locks || typeof locks.request !== 'function') return (fn) => mutex.run(fn);
  let refused = false;
  return async <T>(fn: () => Promise<T>) => {
    if (!refused) {
      let started = false;
      try {
        return (await locks.request(REFRESH_LOCK_NAME, () => {
          started = true;
          return fn();
        })) as T;
      } catch (e) {
        if (started || !(e instanceof DOMException && e.name === 'SecurityError')) throw e;
        refused = true;
      }
    }
    return mutex.run(fn);
  };
}
