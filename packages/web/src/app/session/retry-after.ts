/**
 * Remembers the `Retry-After` of the last throttled (429) answer per API path. The client's
 * `ApiError` carries no response headers, and the sign-in form needs to say how long to wait.
 */
export class RetryAfterRecorder {
  private readonly seconds = new Map<string, number>();

  wrap(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      const response = await fetchImpl(input, init);
      if (response.status === 429) {
        const path = new URL(response.url || requestUrl(input), window.location.origin).pathname;
        const value = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
        if (Number.isFinite(value) && value > 0) this.seconds.set(path, value);
        else this.seconds.delete(path);
      }
      return response;
    };
  }

  /** Seconds to wait before calling `path` again, if the server said so. */
  secondsFor(path: string): number | undefined {
    return this.seconds.get(path);
  }
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}
