import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@perch/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-context.js';
import type { AuthContext } from '../context.js';
import { unauthorized } from './errors.js';

/** What a handler learns of the HTTP request beyond its parsed input. */
export interface RequestInfo {
  /** The client's address (behind a trusted proxy: from `X-Forwarded-For`). */
  ip: string;
  /** The `Host` header, lower-case, without the port. */
  host: string;
  /** The `Host` header, lower-case, with the port when one was sent (a WebAuthn origin's authority). */
  authority: string;
  /** `http` or `https` as the request arrived (from `X-Forwarded-Proto` behind a trusted proxy). */
  protocol: string;
  userAgent: string | undefined;
}

export interface HandlerContext<E extends Endpoint> {
  /** The caller; null on a public route called without a valid token. */
  auth: E extends { public: true } ? AuthContext | null : AuthContext;
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: E extends { rawBody: true } ? Buffer : EndpointBody<E>;
  request: RequestInfo;
  /** Sets a response header (those the endpoint documents). */
  header(name: string, value: string): void;
}

/** An answer already serialised as JSON (large lists built from cached parts). */
export class JsonText {
  constructor(readonly text: string) {}
}

type Answer<E extends Endpoint> = EndpointResponse<E> extends undefined ? void : EndpointResponse<E>;

/** What a handler returns: the body (200), the new id and body (201), nothing (204) or where to go (303, 307). */
export type HandlerResult<E extends Endpoint> = E['status'] extends 303 | 307
  ? string
  : E['status'] extends 204
    ? E extends { alsoStatus: 200 }
      ? void | 200
      : void
    : E['status'] extends 201
      ? { id: string } & (EndpointResponse<E> extends undefined ? unknown : { data: EndpointResponse<E> })
      : E extends { produces: string }
        ? string
        : Answer<E> | JsonText;

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>;

export interface RouteOptions {
  /** Largest accepted body in bytes, when it differs from the server's default. */
  bodyLimit?: number;
}

/** The caller of a route that needs a signed-in user. */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

function requestInfo(req: FastifyRequest): RequestInfo {
  return {
    ip: req.ip,
    host: (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, ''),
    authority: (req.headers.host ?? '').toLowerCase(),
    protocol: req.protocol,
    userAgent: req.headers['user-agent'],
  };
}

async function answer(e: Endpoint, result: unknown, reply: FastifyReply): Promise<unknown> {
  if (e.status === 201) {
    const created = result as { id: string; data?: unknown };
    return reply.code(201).header('x-object-id', created.id).send(created.data);
  }
  if (e.status === 204) return reply.code(result === 200 ? 200 : 204).send();
  if (e.status === 303 || e.status === 307) return reply.redirect(result as string, e.status);
  if (result instanceof JsonText) return reply.type('application/json').send(result.text);
  if (e.produces) return reply.type(`${e.produces}; charset=utf-8`).send(result);
  if (result === undefined) return reply.send();
  // Fastify sends strings as they are; a JSON answer that is a string is quoted here.
  if (typeof result === 'string') return reply.type('application/json').send(JSON.stringify(result));
  return result;
}

/**
 * Registers the handler of one contract endpoint: method, path, schemas and the public flag
 * come from the contract; the handler gets the caller and the parsed input and returns the
 * answer, which is sent with the endpoint's status (201 with `X-Object-Id`, 204 empty).
 */
export function route<E extends Endpoint>(app: App, e: E, handler: Handler<E>, opts: RouteOptions = {}): void {
  const schema = {
    tags: [e.tag],
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body && !e.rawBody ? { body: e.body } : {}),
    ...(e.response && e.status !== 204 && !e.produces ? { response: { [e.status]: e.response } } : {}),
  };
  const register = (target: App) =>
    target.route({
      method: e.method,
      url: e.path,
      ...(opts.bodyLimit !== undefined ? { bodyLimit: opts.bodyLimit } : {}),
      config: { public: e.public === true, endpoint: e },
      schema,
      handler: async (req, reply) => {
        const ctx = {
          auth: e.public ? req.auth : requireAuth(req),
          params: req.params,
          query: req.query,
          body: req.body,
          request: requestInfo(req),
          header: (name: string, value: string) => void reply.header(name, value),
        } as HandlerContext<E>;
        return answer(e, await handler(ctx), reply);
      },
    });
  if (e.formBody) {
    // HTML form posts (a SAML response) are parsed in a scope of their own; JSON is refused there.
    void app.register(async (scope) => {
      const form = scope as App;
      form.removeAllContentTypeParsers();
      form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      register(form);
    });
    return;
  }
  if (!e.rawBody) {
    register(app);
    return;
  }
  // Raw uploads take any content type as bytes, in a scope of their own.
  void app.register(async (scope) => {
    const raw = scope as App;
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    register(raw);
  });
}
