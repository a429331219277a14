import type {
  EndpointBodyInput,
  EndpointOf,
  EndpointQueryInput,
  EndpointResponse,
  PathParamNames,
  RouteRef,
} from '@perch/contract';

type ParamsInput<R extends RouteRef> = [PathParamNames<R['path']>] extends [never]
  ? unknown
  : { params: Record<PathParamNames<R['path']>, string> };
type QueryInput<Q> = [Q] extends [undefined] ? unknown : object extends Q ? { query?: Q } : { query: Q };
type BodyInput<B> = [B] extends [undefined] ? unknown : { body: B };
type RawInput<R extends RouteRef> = R extends { rawBody: true }
  ? { raw: { data: BodyInit; contentType: string } }
  : unknown;

/** What a call of a route sends: path parameters, query and body, typed from the contract. */
export type CallInput<R extends RouteRef> = ParamsInput<R> &
  QueryInput<EndpointQueryInput<EndpointOf<R>>> &
  BodyInput<EndpointBodyInput<EndpointOf<R>>> &
  RawInput<R>;

/** The answer of a create (201): the new object's id (`X-Object-Id`) and the body, if any. */
export interface Created<T> {
  id: string;
  data: T;
}

/** The body of a route's answer: JSON typed from the contract, text for CSV, nothing for 204. */
export type CallData<R extends RouteRef> = R['status'] extends 204
  ? undefined
  : R extends { produces: string }
    ? string
    : EndpointResponse<EndpointOf<R>>;

/** What a call of a route resolves to: the body (200), the new id (201) or nothing (204). */
export type CallOutput<R extends RouteRef> = R['status'] extends 204
  ? void
  : R['status'] extends 201
    ? Created<CallData<R>>
    : CallData<R>;

/** The input argument: optional when the route needs nothing. */
export type CallArgs<R extends RouteRef> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** The loose view of an input that the implementation reads. */
export interface AnyCallInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  raw?: { data: BodyInit; contentType: string };
}
