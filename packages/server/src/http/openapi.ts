import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ALL_ENDPOINTS, ERROR_CODE_HEADER, errorBodySchema, OBJECT_ID_HEADER, type Endpoint } from '@perch/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../app-context.js';
import { HTTP_REASONS } from './error-handler.js';

type Json = Record<string, unknown>;
interface Operation extends Json {
  responses?: Record<string, Json>;
  requestBody?: Json & { content?: Record<string, Json> };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** Failure statuses of an endpoint: those of its kind (input, sign-in, ids, bodies) and its own. */
export function errorStatuses(e: Endpoint): Map<number, readonly number[]> {
  const out = new Map<number, readonly number[]>();
  const add = (status: number, codes: readonly number[] = []) =>
    out.set(status, [...(out.get(status) ?? []), ...codes]);
  if (e.params || e.query || e.body || e.rawBody) add(400);
  if (!e.public) [401, 403, 429].forEach((s) => add(s));
  if (e.path.includes(':')) add(404);
  if (e.body || e.rawBody) [413, 415].forEach((s) => add(s));
  for (const [status, codes] of Object.entries(e.errors ?? {})) add(Number(status), codes);
  return new Map([...out].sort(([a], [b]) => a - b));
}

function successResponse(e: Endpoint, documented: Json | undefined): Record<string, Json> {
  if (e.status === 204) {
    const out: Record<string, Json> = { 204: { description: 'Done; no content' } };
    if (e.alsoStatus === 200) out[200] = { description: 'Nothing to do; empty body' };
    return out;
  }
  const headers: Record<string, Json> = {};
  if (e.status === 201)
    headers[OBJECT_ID_HEADER] = { description: 'The id of the new object', schema: { type: 'string' } };
  for (const [name, description] of Object.entries(e.headers ?? {}))
    headers[name] = { description, schema: { type: 'string' } };
  const content = e.produces
    ? { [e.produces]: { schema: { type: 'string' } } }
    : (documented?.content as Json | undefined);
  return {
    [e.status]: {
      description: e.status === 201 ? 'Created' : e.status === 303 || e.status === 307 ? 'Redirect (`Location`)' : 'OK',
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(content ? { content } : {}),
    },
  };
}

function errorResponse(status: number, codes: readonly number[]): Json {
  return {
    description: codes.length
      ? `${HTTP_REASONS[status] ?? 'Error'}; app codes ${codes.join(', ')}`
      : (HTTP_REASONS[status] ?? 'Error'),
    ...(codes.length
      ? {
          headers: {
            [ERROR_CODE_HEADER]: {
              description: 'The application error code',
              schema: { type: 'integer', enum: [...new Set(codes)] },
            },
          },
        }
      : {}),
    content: { 'application/json': { schema: ERROR_REF } },
  };
}

/**
 * Completes the generated document from the endpoint table: summary and operation id, the
 * real success status (201 with `X-Object-Id`, 204), the error answers with `X-Error-Code`,
 * and no sign-in requirement on public routes.
 */
export function decorateOpenApi(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const e of ALL_ENDPOINTS) {
    const op = paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
    if (!op) continue;
    op.summary = e.summary;
    op.operationId = e.operationId;
    if (e.description) op.description = e.description;
    if (e.public) op.security = [];
    if (e.rawBody)
      op.requestBody = {
        required: true,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      };
    if (e.formBody) {
      const json = op.requestBody?.content?.['application/json'];
      if (json) op.requestBody = { ...op.requestBody, content: { 'application/x-www-form-urlencoded': json } };
    }
    const errors = Object.fromEntries([...errorStatuses(e)].map(([s, codes]) => [s, errorResponse(s, codes)]));
    op.responses = { ...successResponse(e, op.responses?.[String(e.status)]), ...errors };
  }
  const components = (doc.components ?? {}) as Json;
  components.schemas = { ...((components.schemas as Json | undefined) ?? {}), Error: z.toJSONSchema(errorBodySchema) };
  doc.components = components;
  return doc;
}

/** The OpenAPI document, generated from the contract's endpoint table, and its viewer at /docs/. */
export async function installOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Perch API',
        description: 'Workspace and desk booking. Wire-compatible with the Seatsurfing API.',
        version: app.deps.version,
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A session's access token (a JWT from `POST /auth/login`), or a service account's API token " +
              '(`POST /user/{id}/api-token`).',
          },
          basic: {
            type: 'http',
            scheme: 'basic',
            description:
              'Service accounts (roles 21/22) only: user name `<organisationId>_<email>` and the account password.',
          },
        },
      },
      // Either scheme; a read-only service account (21) may only send GET.
      security: [{ bearer: [] }, { basic: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) =>
      ('openapiObject' in doc ? decorateOpenApi(doc.openapiObject as Json) : doc.swaggerObject) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { deepLinking: true },
  });
}
