import type { JsonSchema } from './schema.js';

/**
 * Operations of the OpenAPI document: their method, path, path and query parameters, request
 * body and whether they are public, read from the document's paths.
 */

export interface Param {
  in: 'path' | 'query';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/location/{id}/map`. */
  path: string;
  params: Param[];
  body?: { contentType: string; schema: JsonSchema };
  public: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => {
        const content = Object.entries(op.requestBody?.content ?? {})[0];
        return {
          method: m.toUpperCase(),
          path,
          params: (op.parameters ?? [])
            .filter((p) => p.in === 'path' || p.in === 'query')
            .map((p) => ({
              in: p.in as 'path' | 'query',
              name: p.name,
              required: p.required === true || p.in === 'path',
              schema: p.schema ?? {},
            })),
          ...(content ? { body: { contentType: content[0], schema: content[1].schema ?? {} } } : {}),
          public: Array.isArray(op.security) && op.security.length === 0,
        };
      }),
  );
}
