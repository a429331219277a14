/** A failed API call: the HTTP status and the numeric application code (`X-Error-Code`, 0 when absent). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly appCode: number,
    message: string,
    readonly body?: unknown,
    /** Seconds to wait before retrying, from `Retry-After` (429 answers), or null. */
    readonly retryAfterSeconds: number | null = null,
    /**
     * The server could not be reached or failed (network error, time-out, 5xx), also when that
     * happened while refreshing the session: trying again later may work, and the stored
     * credentials were kept.
     */
    readonly temporary: boolean = status === 0 || status >= 500,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True for a network failure or a time-out (no HTTP status at all). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}
