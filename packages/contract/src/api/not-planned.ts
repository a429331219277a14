import { idParams } from '../common.js';
import { kioskSpaceParams, kioskStatusSchema } from '../entities/kiosk.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

/**
 * Features of the reference that Perch does not plan: kiosk displays and the hosted service's
 * feedback and sign-up. They answer as the reference does when they are off (docs/compatibility.md, "Running
 * the Seatsurfing web UI against Perch").
 */

export const kioskApi = endpoints('kiosk', routes.kiosk, {
  status: {
    summary: 'Not available in this version: the status of a space for a wall display (kiosk secret as bearer)',
    description: 'Answers 401 without a bearer token, otherwise 404: kiosk mode is off.',
    params: kioskSpaceParams,
    response: kioskStatusSchema,
  },
});

export const feedbackApi = endpoints('feedback', routes.feedback, {
  send: {
    summary: "Not available in this version: send feedback to the hosted service's makers",
    description: 'Answers 404.',
  },
});

export const cloudApi = endpoints('cloud', routes.cloud, {
  confirmSignup: {
    summary: 'Not available in this version: confirm a sign-up to the hosted service',
    description: 'Answers 404.',
    params: idParams,
  },
});
