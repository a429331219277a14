import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentSetting, presentSettingValue } from './presenter.js';
import { getSetting, listSettings, listTimezones, saveSetting, saveSettings } from './service.js';

export async function settingRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.setting;

  route(app, e.list, async ({ auth }) => (await listSettings(deps, auth)).map(presentSetting));
  route(app, e.timezones, async ({ auth }) => listTimezones(deps, auth));
  route(app, e.get, async ({ auth, params }) => presentSettingValue(await getSetting(deps, auth, params.name)));
  route(app, e.saveAll, ({ auth, body }) => saveSettings(deps, auth, body));
  route(app, e.set, ({ auth, params, body }) => saveSetting(deps, auth, { name: params.name, value: body.value }));
}
