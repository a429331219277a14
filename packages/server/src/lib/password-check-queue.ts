/**
 * The gate every password check of a process passes. A check costs a hash (tens of MiB and
 * milliseconds of a core), and anyone can ask for one, so without a limit a flood of sign-ins
 * fills the thread pool and memory and every real sign-in waits behind it until it times out.
 *
 * At most `concurrency` checks run at once (the host's cores). The others wait, each client (an
 * address range) in its own first-come queue, and free places go to the clients in turn: a
 * client with one sign-in waits for one round, not behind all of a flooding client's requests.
 * Checks of clients that failed sign-ins recently (`failedBefore`) wait behind all others, so a
 * flood of guesses slows the guessers, not the people who sign in. A check that would wait
 * longer than `maxWaitMs` is refused at once, or when its wait runs out: the caller answers 503
 * with the `retryAfterSeconds` of the refusal, and nobody hangs.
 */

/** A check refused because the checks are busy; ask again after `retryAfterSeconds`. */
export class PasswordChecksBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password checks at once');
  }
}

export interface PasswordCheckQueueOptions {
  /** Checks that run at once. */
  concurrency: number;
  /** The longest a check waits for its turn, in milliseconds. */
  maxWaitMs: number;
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

/** Waiting checks per client of one class; the map's order is the order of turns. */
type Turns = Map<string, Waiter[]>;

/** What a check is assumed to take before one has been measured (a hash at OWASP's cost, with room). */
const FIRST_GUESS_MS = 100;
/** Weight of the newest duration in the running average. */
const SMOOTHING = 0.2;
/** The longest `Retry-After` a refusal names. */
const MAX_RETRY_AFTER_SECONDS = 30;

export class PasswordCheckQueue {
  private running = 0;
  /** Clients without recent failures first, then those with. */
  private readonly classes: [Turns, Turns] = [new Map(), new Map()];
  private waitingCount = 0;
  private averageMs = FIRST_GUESS_MS;
  private completedCount = 0;
  private refusedCount = 0;

  constructor(private readonly options: PasswordCheckQueueOptions) {}

  /** Runs `check` when its turn comes; throws PasswordChecksBusy when that would be too late. */
  async run<T>(client: string, check: () => Promise<T>, opts: { failedBefore?: boolean } = {}): Promise<T> {
    await this.turn(this.classes[opts.failedBefore ? 1 : 0], client);
    const started = performance.now();
    try {
      return await check();
    } finally {
      this.averageMs += SMOOTHING * (performance.now() - started - this.averageMs);
      this.completedCount++;
      this.running--;
      this.next();
    }
  }

  /** Checks running and waiting now; done and refused as too busy since start (tests and metrics). */
  get stats(): { running: number; waiting: number; completed: number; refused: number } {
    const { running, waitingCount: waiting, completedCount: completed, refusedCount: refused } = this;
    return { running, waiting, completed, refused };
  }

  private turn(turns: Turns, client: string): Promise<void> {
    const { concurrency, maxWaitMs } = this.options;
    if (this.running < concurrency && this.waitingCount === 0) {
      this.running++;
      return Promise.resolve();
    }
    if (this.expectedWaitMs(turns, client) > maxWaitMs) return Promise.reject(this.refusal());
    return new Promise((resolve, reject) => {
      const queue = turns.get(client) ?? [];
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.remove(turns, client, waiter);
          reject(this.refusal());
        }, maxWaitMs),
      };
      queue.push(waiter);
      turns.set(client, queue);
      this.waitingCount++;
    });
  }

  /**
   * How long a new check of `client` would wait: the earlier class goes first; within its own,
   * every other client gets a turn for each of this client's waiting checks and the new one.
   * `concurrency` turns pass per check time.
   */
  private expectedWaitMs(turns: Turns, client: string): number {
    const own = (turns.get(client)?.length ?? 0) + 1;
    let ahead = own;
    for (const [other, queue] of turns) if (other !== client) ahead += Math.min(queue.length, own);
    if (turns === this.classes[1]) for (const queue of this.classes[0].values()) ahead += queue.length;
    return Math.ceil(ahead / this.options.concurrency) * this.averageMs;
  }

  /** Gives the free place to the next client in turn, which then goes to the back of its class. */
  private next(): void {
    const turns = this.classes.find((c) => c.size > 0);
    if (!turns) return;
    const [client, queue] = turns.entries().next().value!;
    const waiter = queue.shift()!;
    turns.delete(client);
    if (queue.length > 0) turns.set(client, queue);
    this.waitingCount--;
    this.running++;
    waiter.start();
  }

  private remove(turns: Turns, client: string, waiter: Waiter): void {
    const queue = turns.get(client);
    const i = queue?.indexOf(waiter) ?? -1;
    if (!queue || i < 0) return;
    queue.splice(i, 1);
    if (queue.length === 0) turns.delete(client);
    this.waitingCount--;
  }

  private refusal(): PasswordChecksBusy {
    this.refusedCount++;
    // Long enough for the checks waiting now to be done.
    const drainSeconds = (Math.ceil(this.waitingCount / this.options.concurrency) * this.averageMs) / 1000;
    return new PasswordChecksBusy(Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(drainSeconds))));
  }
}
