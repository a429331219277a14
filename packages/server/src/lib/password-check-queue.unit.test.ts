import { describe, expect, it } from 'vitest';
import { PasswordCheckQueue, PasswordChecksBusy } from './password-check-queue.js';

/** A check that runs until the test lets it end. */
function heldCheck() {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  let started = false;
  return {
    run: async () => {
      started = true;
      await done;
      return 'held';
    },
    release: () => release(),
    started: () => started,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the password check queue', () => {
  it('runs at most `concurrency` checks at once; the others wait their turn', async () => {
    const q = new PasswordCheckQueue({ concurrency: 2, maxWaitMs: 10_000 });
    const checks = [heldCheck(), heldCheck(), heldCheck()];
    const results = checks.map((c) => q.run('a', c.run));
    await tick();
    expect(checks.map((c) => c.started())).toEqual([true, true, false]);
    expect(q.stats).toMatchObject({ running: 2, waiting: 1 });
    checks[0]!.release();
    await tick();
    expect(checks[2]!.started()).toBe(true);
    checks[1]!.release();
    checks[2]!.release();
    expect(await Promise.all(results)).toEqual(['held', 'held', 'held']);
    expect(q.stats).toMatchObject({ running: 0, waiting: 0, completed: 3, refused: 0 });
  });

  it('refuses at once a check that would wait too long, with a Retry-After, and never runs it', async () => {
    // Before any check was measured one is assumed to take 100 ms: a 50 ms wait allows none.
    const q = new PasswordCheckQueue({ concurrency: 1, maxWaitMs: 50 });
    const held = heldCheck();
    const first = q.run('a', held.run);
    let ran = false;
    const asked = q
      .run('b', async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    // Refused as it was asked: it never joined the waiting checks.
    expect(q.stats).toMatchObject({ running: 1, waiting: 0, refused: 1 });
    const refused = await asked;
    expect(refused).toBeInstanceOf(PasswordChecksBusy);
    expect((refused as PasswordChecksBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(ran).toBe(false);
    held.release();
    await first;
    expect(q.stats).toMatchObject({ completed: 1, refused: 1 });
  });

  it('gives up on a waiting check when its wait runs out, so no caller hangs', async () => {
    const maxWaitMs = 300;
    const q = new PasswordCheckQueue({ concurrency: 1, maxWaitMs });
    const held = heldCheck();
    const first = q.run('a', held.run);
    const started = Date.now();
    const refused = await q.run('b', async () => 'never').catch((e: unknown) => e);
    const waited = Date.now() - started;
    expect(refused).toBeInstanceOf(PasswordChecksBusy);
    // It waited its turn (a timer never fires early), then gave up while the held check still
    // ran; the upper bound leaves ten times the wait for a busy machine.
    expect(waited).toBeGreaterThanOrEqual(maxWaitMs - 50);
    expect(waited).toBeLessThan(10 * maxWaitMs);
    expect(q.stats).toMatchObject({ running: 1, waiting: 0, refused: 1 });
    held.release();
    await first;
    // The place is free again.
    expect(await q.run('b', async () => 'ran')).toBe('ran');
  });

  it('takes the clients in turn: one sign-in does not wait behind a flood from elsewhere', async () => {
    const q = new PasswordCheckQueue({ concurrency: 1, maxWaitMs: 10_000 });
    const held = heldCheck();
    const order: string[] = [];
    const first = q.run('flood', held.run);
    const check = (client: string, name: string) =>
      q.run(client, async () => {
        order.push(name);
      });
    const waiting = [1, 2, 3, 4, 5].map((i) => check('flood', `flood ${i}`));
    waiting.push(check('office', 'office 1'), check('office', 'office 2'));
    held.release();
    await Promise.all([first, ...waiting]);
    expect(order).toEqual(['flood 1', 'office 1', 'flood 2', 'office 2', 'flood 3', 'flood 4', 'flood 5']);
  });

  it('lets clients that failed recently wait behind all others', async () => {
    const q = new PasswordCheckQueue({ concurrency: 1, maxWaitMs: 10_000 });
    const held = heldCheck();
    const order: string[] = [];
    const first = q.run('guesser', held.run, { failedBefore: true });
    const check = (client: string, name: string, failedBefore: boolean) =>
      q.run(
        client,
        async () => {
          order.push(name);
        },
        { failedBefore },
      );
    const waiting = [
      check('guesser', 'guess 1', true),
      check('other guesser', 'guess 2', true),
      check('office', 'sign-in 1', false),
      check('home', 'sign-in 2', false),
    ];
    held.release();
    await Promise.all([first, ...waiting]);
    expect(order).toEqual(['sign-in 1', 'sign-in 2', 'guess 1', 'guess 2']);
  });

  it('refuses a check of a client that failed recently when the others fill the wait', async () => {
    const q = new PasswordCheckQueue({ concurrency: 1, maxWaitMs: 250 });
    const held = heldCheck();
    const first = q.run('a', held.run);
    // 100 ms per check assumed: two checks waiting ahead make 300 ms.
    const ahead = [q.run('b', async () => 'b'), q.run('c', async () => 'c')];
    const refused = await q.run('guesser', async () => 'never', { failedBefore: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PasswordChecksBusy);
    held.release();
    await Promise.allSettled([first, ...ahead]);
  });

  it('frees the place of a check that failed', async () => {
    const q = new PasswordCheckQueue({ concurrency: 1, maxWaitMs: 1000 });
    await expect(q.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await q.run('a', async () => 'next')).toBe('next');
    expect(q.stats).toMatchObject({ running: 0, completed: 2 });
  });
});
