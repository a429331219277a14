import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { declineMerge, finishMerge, initMerge, listIncomingMergeRequests } from './merge-requests.js';

export async function accountMergeRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.user;

  route(app, e.mergeRequests, ({ auth }) => listIncomingMergeRequests(deps, auth));
  route(app, e.mergeInit, ({ auth, body }) => initMerge(deps, auth, body));
  route(app, e.mergeFinish, ({ auth, params, body, request }) => finishMerge(deps, auth, params.id, body, request));
  route(app, e.mergeDecline, ({ auth, params }) => declineMerge(deps, auth, params.id));
}
