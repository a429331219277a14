import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import {
  statsCheckIn,
  statsCheckInDays,
  statsCheckInDaysCsv,
  statsLoad,
  statsSummary,
  statsWeekday,
} from './service.js';

export async function statsRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.stats;

  route(app, e.summary, ({ auth }) => statsSummary(deps, auth));
  route(app, e.load, ({ auth, query }) => statsLoad(deps, auth, query));
  route(app, e.weekday, ({ auth, query }) => statsWeekday(deps, auth, query));
  route(app, e.checkIn, ({ auth, query }) => statsCheckIn(deps, auth, query));
  route(app, e.checkInDays, ({ auth, query }) => statsCheckInDays(deps, auth, query));
  route(app, e.checkInDaysCsv, async ({ auth, query, header }) => {
    const { fileName, csv } = await statsCheckInDaysCsv(deps, auth, query);
    header('content-disposition', `attachment; filename="${fileName}"`);
    return csv;
  });
}
