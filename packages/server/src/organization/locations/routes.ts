import { api, FLOORPLAN_DESIGN_LIMITS } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentLocation } from './presenter.js';
import { searchAreas } from './search.js';
import {
  areaAttributes,
  createArea,
  deleteArea,
  getArea,
  getAreaMap,
  getFloorplanDesign,
  listAreas,
  loadSampleData,
  removeAreaAttribute,
  saveFloorplanDesign,
  setAreaAttribute,
  updateArea,
  uploadAreaMap,
} from './service.js';

export async function locationRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.location;

  route(app, e.list, async ({ auth }) =>
    (await listAreas(deps, auth)).map((a) => presentLocation(a.location, a.allowedBookerGroupIds, a.spaceCount)),
  );
  route(app, e.search, ({ auth, body }) => searchAreas(deps, auth, body));
  route(app, e.loadSampleData, ({ auth }) => loadSampleData(deps, auth));
  route(app, e.get, async ({ auth, params }) => {
    const a = await getArea(deps, auth, params.id);
    return presentLocation(a.location, a.allowedBookerGroupIds);
  });
  route(app, e.create, async ({ auth, body }) => ({ id: await createArea(deps, auth, body) }));
  route(app, e.update, ({ auth, params, body }) => updateArea(deps, auth, { id: params.id, location: body }));
  route(app, e.delete, ({ auth, params }) => deleteArea(deps, auth, params.id));
  route(app, e.map, ({ auth, params }) => getAreaMap(deps, auth, params.id));
  route(app, e.uploadMap, ({ auth, params, body }) => uploadAreaMap(deps, auth, { id: params.id, image: body }), {
    bodyLimit: deps.config.MAP_MAX_MB * 1024 * 1024,
  });
  route(app, e.floorplanDesign, ({ auth, params }) => getFloorplanDesign(deps, auth, params.id));
  route(
    app,
    e.saveFloorplanDesign,
    ({ auth, params, body }) => saveFloorplanDesign(deps, auth, { id: params.id, designData: body.designData }),
    // A design of the largest size, as a JSON string inside the JSON body (escaped quotes).
    { bodyLimit: 2 * FLOORPLAN_DESIGN_LIMITS.maxChars },
  );
  route(app, e.attributes, ({ auth, params }) => areaAttributes(deps, auth, params.id));
  route(app, e.setAttribute, ({ auth, params, body }) =>
    setAreaAttribute(deps, auth, { id: params.id, attributeId: params.attributeId, value: body.value }),
  );
  route(app, e.removeAttribute, ({ auth, params }) =>
    removeAreaAttribute(deps, auth, { id: params.id, attributeId: params.attributeId }),
  );
}
