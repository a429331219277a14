import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentAuthAttempt } from './presenter.js';
import { listAuthAttempts } from './service.js';

export async function authAttemptRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.authAttempt;

  route(app, e.list, async ({ auth, query }) => {
    const { rows, total } = await listAuthAttempts(deps, auth, query);
    return { total, items: rows.map(presentAuthAttempt) };
  });
}
