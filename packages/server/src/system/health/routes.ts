import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/error-handler.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { createUpdateChecker } from './update-check.js';

export async function healthRoutes(app: App): Promise<void> {
  const updates = createUpdateChecker(
    app.deps.config.UPDATE_CHECK_URL,
    app.deps.version,
    app.deps.outbound.fetchFor('update-check', { maxBytes: 256 * 1024 }),
  );
  route(app, api.health.updateCheck, () => updates.status());
  route(app, api.health.check, async () => {
    try {
      await app.deps.ping();
      return { status: 'success', code: 200, errors: null };
    } catch (e) {
      const reason = `Database connection error: ${(e as Error).message}`;
      throw new HttpError(
        503,
        reason,
        undefined,
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        { status: 'error', code: 500, errors: [reason] },
      );
    }
  });
}
