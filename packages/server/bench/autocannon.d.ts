// Minimal typings for the parts of autocannon the benchmark uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      requests?: Request[];
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number; average: number };
      non2xx: number;
      errors: number;
      timeouts: number;
      duration: number;
    }
    interface Instance extends EventEmitter, PromiseLike<Result> {}
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
