import type { UpdateCheck } from '@perch/contract';

/**
 * Whether a newer Perch release exists, from a release feed the operator names
 * (`UPDATE_CHECK_URL`). Without a feed the answer is always "no update": Perch never guesses.
 * The feed is a JSON document naming the newest release as `version` ("1.4.0") or as a
 * GitHub release's `tag_name` ("v1.4.0"). It is fetched when first asked for and again when
 * the last answer is older than `refreshMs`; a feed that is down or malformed leaves the last
 * good answer in place, and no request waits longer than `timeoutMs` for it.
 */
export interface UpdateChecker {
  status(): Promise<UpdateCheck>;
}

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Compares two release versions (x.y.z with an optional pre-release); null when either is not one. */
export function compareVersions(a: string, b: string): number | null {
  const x = SEMVER.exec(a.trim());
  const y = SEMVER.exec(b.trim());
  if (!x || !y) return null;
  for (let i = 1; i <= 3; i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return Math.sign(d);
  }
  // A pre-release comes before its release (1.2.0-rc.1 < 1.2.0).
  if (x[4] === y[4]) return 0;
  if (x[4] === undefined) return 1;
  if (y[4] === undefined) return -1;
  return x[4] < y[4] ? -1 : 1;
}

function latestOf(feed: unknown): string | null {
  if (typeof feed !== 'object' || feed === null) return null;
  const { version, tag_name: tag } = feed as { version?: unknown; tag_name?: unknown };
  const named = typeof version === 'string' ? version : typeof tag === 'string' ? tag : null;
  return named !== null && SEMVER.test(named.trim()) ? named.trim() : null;
}

export function createUpdateChecker(
  feedUrl: string | undefined,
  version: string,
  /** The outbound policy's fetch (lib/outbound.ts): the feed is fetched like any outside URL. */
  fetch: typeof globalThis.fetch,
  opts: { refreshMs?: number; timeoutMs?: number } = {},
): UpdateChecker {
  const refreshMs = opts.refreshMs ?? 6 * 3600 * 1000;
  const timeoutMs = opts.timeoutMs ?? 3000;
  let latest: string | null = null;
  let checkedAt = 0;
  let inFlight: Promise<void> | null = null;

  const fetchFeed = async (): Promise<void> => {
    try {
      const res = await fetch(feedUrl!, {
        headers: { accept: 'application/json', 'user-agent': `Perch/${version}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.ok) latest = latestOf(await res.json()) ?? latest;
    } catch {
      // Down, slow or not JSON: keep the last good answer.
    } finally {
      checkedAt = Date.now();
      inFlight = null;
    }
  };

  return {
    async status() {
      if (!feedUrl) return { updateAvailable: false, version };
      if (!inFlight && Date.now() - checkedAt >= refreshMs) inFlight = fetchFeed();
      // The first answer waits for the feed (bounded by the time-out); later ones use the last.
      if (checkedAt === 0 && inFlight) await inFlight;
      return { updateAvailable: latest !== null && (compareVersions(latest, version) ?? 0) > 0, version };
    },
  };
}
