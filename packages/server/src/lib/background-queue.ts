/**
 * What the database-backed work queues (the mail outbox, calendar sync) share: the pause
 * before another attempt, and the loop every server process runs to work them off.
 */

/** The first pause after a failed attempt; it doubles with each attempt up to MAX_PAUSE_SECONDS. */
const FIRST_PAUSE_SECONDS = 30;
const MAX_PAUSE_SECONDS = 30 * 60;

/** When to try again after attempt number `attempts` failed; null once the work is too old to keep trying. */
export function nextAttemptAt(createdAt: Date, attempts: number, retryHours: number, now = new Date()): Date | null {
  if (now.getTime() - createdAt.getTime() >= retryHours * 3_600_000) return null;
  const pause = Math.min(MAX_PAUSE_SECONDS, FIRST_PAUSE_SECONDS * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + pause * 1000);
}

/**
 * Runs `round` every `pollSeconds` until stopped, never two at once. A round that fails (the
 * database is down) is reported and the next one tries again. Returns a function that stops it.
 */
export function startPolling(
  round: () => Promise<unknown>,
  pollSeconds: number,
  onError: (err: unknown) => void,
): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await round();
    } catch (err) {
      onError(err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), pollSeconds * 1000);
  timer.unref();
  void tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
