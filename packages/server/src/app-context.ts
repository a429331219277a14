import type { Endpoint } from '@perch/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, AuthContext } from './context.js';
import type { Metrics, RegisteredRoute } from './http/app-types.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route as registered, with the contract endpoint it serves (see http/contract-routes.ts). */
    registeredRoutes: readonly RegisteredRoute[];
    /** The Prometheus metrics of this app; null when off (see http/metrics.ts). */
    metrics: Metrics | null;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in; a valid token still sets `request.auth`. */
    public?: boolean;
    /** The contract endpoint this route serves (set by `route()`). */
    endpoint?: Endpoint;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
