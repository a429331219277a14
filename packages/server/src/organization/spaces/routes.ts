import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { JsonText, route } from '../../http/route.js';
import { presentGroup } from '../groups/index.js';
import { spaceAvailability } from './availability.js';
import { availabilityJson, presentAvailability } from './presenter.js';
import {
  addSpaceGroups,
  areaCheckInTokens,
  bulkSaveSpaces,
  createSpace,
  deleteSpace,
  getSpace,
  listAreaSpaces,
  removeSpaceGroups,
  rotateSpaceCheckInToken,
  spaceCheckInToken,
  spaceGroups,
  updateSpace,
  type SpaceGroupList,
} from './service.js';

/** The most a bulk save may carry: a whole floor of an editor session. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

export async function spaceRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.space;

  route(app, e.list, ({ auth, params }) => listAreaSpaces(deps, auth, params.locationId));
  // Large areas reuse their spaces' JSON text (see presenter.ts); the shape is the declared one.
  route(
    app,
    e.availability,
    async ({ auth, params, query }) =>
      new JsonText(availabilityJson(await spaceAvailability(deps, auth, { ...query, locationId: params.locationId }))),
  );
  route(
    app,
    e.bulk,
    ({ auth, params, body }) => bulkSaveSpaces(deps, auth, { locationId: params.locationId, bulk: body }),
    {
      bodyLimit: BULK_BODY_LIMIT,
    },
  );
  route(app, e.get, ({ auth, params }) => getSpace(deps, auth, params));
  route(app, e.spaceAvailability, async ({ auth, params, query }) =>
    (await spaceAvailability(deps, auth, { ...query, locationId: params.locationId, spaceId: params.id })).map(
      presentAvailability,
    ),
  );
  route(app, e.create, async ({ auth, params, body }) => ({
    id: await createSpace(deps, auth, { locationId: params.locationId, space: body }),
  }));
  route(app, e.update, ({ auth, params, body }) => updateSpace(deps, auth, { ...params, space: body }));
  route(app, e.delete, ({ auth, params }) => deleteSpace(deps, auth, params));
  route(app, e.checkInTokens, ({ auth, params }) => areaCheckInTokens(deps, auth, params.locationId));
  route(app, e.checkInToken, ({ auth, params }) => spaceCheckInToken(deps, auth, params));
  route(app, e.rotateCheckInToken, ({ auth, params }) => rotateSpaceCheckInToken(deps, auth, params));

  const lists = [
    ['approvers', e.approvers, e.addApprovers, e.removeApprovers],
    ['allowedBookers', e.allowedBookers, e.addAllowedBookers, e.removeAllowedBookers],
  ] as const satisfies readonly (readonly [SpaceGroupList, ...unknown[]])[];
  for (const [list, read, add, remove] of lists) {
    route(app, read, async ({ auth, params }) =>
      (await spaceGroups(deps, auth, { ...params, list })).map((g) => presentGroup(g)),
    );
    route(app, add, ({ auth, params, body }) => addSpaceGroups(deps, auth, { ...params, list, groupIds: body }));
    route(app, remove, ({ auth, params, body }) => removeSpaceGroups(deps, auth, { ...params, list, groupIds: body }));
  }
}
