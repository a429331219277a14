import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db, PreparedQuery } from './db/connection.js';
import type { UserRow } from './db/schema.js';
import type { SecretBox } from './lib/secret-box.js';
import type { TokenService } from './lib/tokens.js';

/** Everything a request handler may need; built once in main.ts (or by the test factory). */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Named prepared statements for the hottest queries. */
  prepared: PreparedQuery;
  engine: 'postgres' | 'pglite';
  tokens: TokenService;
  secrets: SecretBox;
  installId: string;
  version: string;
  ping(): Promise<void>;
}

/** The signed-in caller, established by the authentication hook. */
export interface AuthContext {
  userId: string;
  orgId: string;
  email: string;
  role: number;
  sessionId: string;
  /** The caller's user row as of this request. */
  user: UserRow;
  organization: { id: string; name: string; language: string; primaryDomain: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in; a valid token still sets `request.auth`. */
    public?: boolean;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
