import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-context.js';

/** The OpenAPI document, generated from the contract's zod schemas, and its viewer at /docs/. */
export async function installOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Perch API',
        description: 'Workspace and desk booking. Wire-compatible with the Seatsurfing API.',
        version: app.deps.version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { deepLinking: true },
  });
}
