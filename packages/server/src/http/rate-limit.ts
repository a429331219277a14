import type { PreparedQuery } from '../db/connection.js';

/**
 * Per-user rate limit shared by every server process through the database, without a
 * database write on every request. A process takes a *lease* of request credits from the
 * user's counter for the current window (one atomic statement) and spends them locally.
 * A lease is at most MAX_LEASE credits and at most half of what is left, at least one, so
 * all processes together never allow more than the limit; near the limit leases are single
 * credits and the count is exact.
 */
const MAX_LEASE = 25;

const LEASE_SQL = `
  INSERT INTO rate_limit_hits AS r (subject, window_start, hits, last_grant)
  VALUES ($1, $2, GREATEST(1, LEAST($3::int, $4::int / 2)), GREATEST(1, LEAST($3::int, $4::int / 2)))
  ON CONFLICT (subject, window_start) DO UPDATE
    SET hits = r.hits + LEAST($4::int - r.hits, GREATEST(1, LEAST($3::int, ($4::int - r.hits) / 2))),
        last_grant = LEAST($4::int - r.hits, GREATEST(1, LEAST($3::int, ($4::int - r.hits) / 2)))
    WHERE r.hits < $4::int
  RETURNING last_grant AS granted`;

interface Lease {
  window: number;
  remaining: number;
  /** The shared counter reached the limit for this window: refuse without asking again. */
  exhausted: boolean;
  /** A lease request in flight; concurrent callers wait for it instead of leasing too. */
  pending?: Promise<void>;
}

export class RateLimiter {
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly prepared: PreparedQuery,
    private readonly limit: number,
    private readonly periodSeconds: number,
  ) {}

  /** Start of the current window, in epoch seconds. */
  window(now = Date.now()): number {
    return Math.floor(now / 1000 / this.periodSeconds) * this.periodSeconds;
  }

  /** Seconds until the current window ends. */
  retryAfter(now = Date.now()): number {
    return this.window(now) + this.periodSeconds - now / 1000;
  }

  /** Counts one request of `subject`; false when its limit for this window is reached. */
  async take(subject: string): Promise<boolean> {
    const window = this.window();
    let lease = this.leases.get(subject);
    if (!lease || lease.window !== window) {
      if (this.leases.size > 50_000) this.forgetOldWindows(window);
      lease = { window, remaining: 0, exhausted: false };
      this.leases.set(subject, lease);
    }
    for (;;) {
      if (lease.remaining > 0) {
        lease.remaining--;
        return true;
      }
      if (lease.exhausted) return false;
      if (!lease.pending) {
        const current = lease;
        current.pending = this.lease(subject, window)
          .then((granted) => {
            current.remaining += granted;
            if (granted === 0) current.exhausted = true;
          })
          .finally(() => {
            current.pending = undefined;
          });
      }
      await lease.pending;
    }
  }

  private async lease(subject: string, window: number): Promise<number> {
    const rows = await this.prepared<{ granted: number }>('rate-limit-lease', LEASE_SQL, [
      subject,
      window,
      MAX_LEASE,
      this.limit,
    ]);
    return rows[0]?.granted ?? 0;
  }

  private forgetOldWindows(current: number): void {
    for (const [k, v] of this.leases) if (v.window !== current) this.leases.delete(k);
  }
}
