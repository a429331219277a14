import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentOutboxMail } from './presenter.js';
import { listOutbox, retryOutboxMail } from './service.js';

export async function mailRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.mailOutbox;

  route(app, e.list, async ({ auth, query }) => {
    const page = await listOutbox(deps, auth, query);
    return {
      deliveryConfigured: page.deliveryConfigured,
      counts: page.counts,
      total: page.total,
      items: page.rows.map(presentOutboxMail),
    };
  });
  route(app, e.retry, ({ auth, params }) => retryOutboxMail(deps, auth, params.id));
}
