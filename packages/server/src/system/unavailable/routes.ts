import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { type HttpError, notFound, unauthorized } from '../../http/errors.js';
import { route } from '../../http/route.js';

/**
 * Routes of features this version does not plan (kiosk displays, the hosted service's feedback
 * and sign-up). Each answers as the reference does when the feature is off or has
 * nothing to show, after the checks the reference makes first (sign-in, body, role): an empty
 * list, a 204 for removing what is not there, or the reference's own refusal. None answers a
 * 2xx for something that did not happen. Clients such as the Seatsurfing web UI, which turns
 * Fastify's "no route" 404 into a blocking dialog, get an answer they know.
 */

const KIOSK = 'Kiosk mode is not available in this version';
const FEEDBACK = 'Feedback is not available in this version';
const CLOUD = 'Cloud features are not available in this version';

/** A handler that refuses with a fresh error, whatever the (already validated) input. */
const refuse = (error: () => HttpError) => async (): Promise<never> => {
  throw error();
};

export async function unavailableRoutes(app: App): Promise<void> {
  // Not planned: kiosk displays, the hosted service's feedback and sign-up.
  // A kiosk sends its secret as the bearer token: without one, 401 before anything else.
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.endpoint !== api.kiosk.status) return;
    const header = req.headers.authorization ?? '';
    if (!/^Bearer\s+\S/.test(header)) throw unauthorized('A kiosk secret is required as the bearer token');
  });
  route(
    app,
    api.kiosk.status,
    refuse(() => notFound(KIOSK)),
  );
  route(
    app,
    api.feedback.send,
    refuse(() => notFound(FEEDBACK)),
  );
  route(
    app,
    api.cloud.confirmSignup,
    refuse(() => notFound(CLOUD)),
  );
}
