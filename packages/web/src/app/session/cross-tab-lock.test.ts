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
});
