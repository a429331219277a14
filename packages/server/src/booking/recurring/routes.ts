import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentSeries } from './presenter.js';
import { createSeries, deleteSeries, getSeries, precheckSeries } from './series.js';

export async function recurringRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.recurringBooking;

  route(app, e.precheck, ({ auth, body }) => precheckSeries(deps, auth, body));
  route(app, e.create, async ({ auth, body }) => {
    const { id, results } = await createSeries(deps, auth, body);
    return { id, data: results };
  });
  route(app, e.get, async ({ auth, params }) => {
    const { series, zone } = await getSeries(deps, auth, params.id);
    return presentSeries(series, zone);
  });
  route(app, e.delete, ({ auth, params }) => deleteSeries(deps, auth, params.id));
}
