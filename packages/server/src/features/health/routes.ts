import type { FastifyReply } from 'fastify';
import type { App } from '../../app-context.js';

export async function healthRoutes(app: App): Promise<void> {
  const handler = async (_req: unknown, reply: FastifyReply) => {
    try {
      await app.deps.ping();
      return reply.code(200).send({ status: 'success', code: 200, errors: null });
    } catch (e) {
      return reply
        .code(503)
        .send({ status: 'error', code: 500, errors: [`Database connection error: ${(e as Error).message}`] });
    }
  };
  app.get('/healthcheck', { config: { public: true }, schema: { hide: true } }, handler);
}
