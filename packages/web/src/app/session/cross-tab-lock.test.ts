import { describe, expect, it } from 'vitest';
import { crossTabExclusive } from './cross-tab-lock';

describe('crossTabExclusive', () => {
  it('runs the refresh under the shared "perch-refresh" Web Lock when the browser has one', async () => {
    const requested: string[] = [];
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        requested.push(name);
        return callback();
      },
    } as unknown as LockManager;
    await expect(crossTabExclusive(locks)(async () => 'refreshed')).resolves.toBe('refreshed');
    expect(requested).toEqual(['perch-refresh']);
  });

  it('falls back to running one refresh at a time within the page', async () => {
    const exclusive = crossTabExclusive(undefined);
    const order: string[] = [];
    const slow = exclusive(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first');
    });
    const fast = exclusive(async () => {
      order.push('second');
    });
    await Promise.all([slow, fast]);
    expect(order).toEqual(['first', 'second']);
  });

  it('runs within the page when the browser refuses the lock (a blocked third-party frame)', async () => {
    let asked = 0;
    const locks = {
      request: () => {
        asked += 1;
        return Promise.reject(new DOMException('The request was denied.', 'SecurityError'));
      },
    } as unknown as LockManager;
    const exclusive = crossTabExclusive(locks);
    await expect(exclusive(async () => 'refreshed')).resolves.toBe('refreshed');
    await expect(exclusive(async () => 'again')).resolves.toBe('again');
    expect(asked).toBe(1);
  });

  it('passes the refresh’s own failure on', async () => {
    const locks = {
      request: (_name: string, callback: () => Promise<unknown>) => callback(),
    } as unknown as LockManager;
    const failure = new DOMException('denied inside', 'SecurityError');
    await expect(
      crossTabExclusive(locks)(async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});
