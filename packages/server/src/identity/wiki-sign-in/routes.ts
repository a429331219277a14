import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { wikiSignIn } from './sign-in.js';

export async function wikiSignInRoutes(app: App): Promise<void> {
  route(app, api.wiki.signIn, ({ params, request }) => wikiSignIn(app.deps, params.orgId, params.jwt, request));
}
