import type { z } from 'zod';
import type { ErrorCode } from './error-codes.js';
import type { PathParamNames, RouteRef } from './routes.js';

/** Failure statuses an endpoint documents beyond the ones every endpoint of its kind has. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/** The schemas and documentation of one route (`routes.ts` holds its method, path and status). */
export interface EndpointSchemas {
  /** One line for the API documentation. */
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
  /** App codes (`X-Error-Code`) by status that the endpoint may answer with. */
  readonly errors?: { readonly [S in ErrorStatus]?: readonly ErrorCode[] };
  /** Response headers besides `X-Object-Id`, with their meaning. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A route with its schemas: what the server registers, the client calls and the docs describe. */
export type Endpoint = RouteRef & EndpointSchemas & { readonly tag: string; readonly operationId: string };

/** A route with `:name` placeholders must declare a params schema with exactly those names. */
type ParamsFor<R extends RouteRef> = [PathParamNames<R['path']>] extends [never]
  ? { readonly params?: never }
  : { readonly params: z.ZodObject<{ [K in PathParamNames<R['path']>]: z.ZodType<string> }> };

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Joins a group of routes with their schemas. Every route of the group needs an entry; the
 * operation id is the group and the route name (`bookingCreate`).
 */
export function endpoints<
  const G extends Record<string, RouteRef>,
  const S extends { readonly [K in keyof G]: EndpointSchemas & ParamsFor<G[K]> },
>(tag: string, group: G, schemas: S): { readonly [K in keyof G]: G[K] & S[K] & { tag: string; operationId: string } } {
  const out: Record<string, Endpoint> = {};
  for (const [name, route] of Object.entries(group))
    out[name] = { ...route, ...schemas[name], tag, operationId: route.group + capitalise(route.name) } as Endpoint;
  return out as never;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

/** Parsed path parameters, query, body and answer of an endpoint, as the server sees them. */
export type EndpointParams<E> = E extends { readonly params: infer S } ? Out<S> : Record<never, string>;
export type EndpointQuery<E> = E extends { readonly query: infer S } ? Out<S> : undefined;
export type EndpointBody<E> = E extends { readonly body: infer S } ? Out<S> : undefined;
export type EndpointResponse<E> = E extends { readonly response: infer S } ? Out<S> : undefined;
/** What a client sends: the schemas' input types (defaults may be left out). */
export type EndpointQueryInput<E> = E extends { readonly query: infer S } ? In<S> : undefined;
export type EndpointBodyInput<E> = E extends { readonly body: infer S } ? In<S> : undefined;
