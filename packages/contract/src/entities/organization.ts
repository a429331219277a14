import { z } from 'zod';
import { ORG_LANGUAGES } from '../limits.js';
import { isEmail, isHumanName, isOrgName } from '../validation.js';

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  language: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationSaveBody = z.object({
  name: z.string().refine(isOrgName, "name must be 2–64 characters (letters, digits, spaces, -'.&,+()/#@!_<>)"),
  firstname: z.string().refine(isHumanName, 'firstname must be a name of 2–64 characters'),
  lastname: z.string().refine(isHumanName, 'lastname must be a name of 2–64 characters'),
  email: z.string().max(128).refine(isEmail, 'email must be a valid address'),
  language: z.enum(ORG_LANGUAGES),
});
export type OrganizationSave = z.infer<typeof organizationSaveBody>;

export const organizationUpdateResponse = z.object({ verifyUuid: z.string() });
export const organizationDeleteResponse = z.object({ code: z.string() });

export const domainSchema = z.object({
  domain: z.string(),
  active: z.boolean(),
  verifyToken: z.string(),
  primary: z.boolean(),
  accessible: z.boolean(),
  accessCheck: z.string().nullable(),
  organizationId: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;

export const domainParams = z.object({ id: z.string().max(64), domain: z.string().max(300) });
/** A domain name alone in the path (sign-in and organisation lookups). */
export const domainNameParams = z.object({ domain: z.string().max(300) });

/** `POST /organization/deleteorg/:id`: the code of the deletion mail. */
export const organizationDeletionConfirmBody = z.object({ code: z.string().min(1).max(16) });

/** `POST /organization/:id/verifyemail/:uuid`: the organisation and the pending change. */
export const organizationEmailVerifyParams = z.object({ id: z.string().max(64), uuid: z.string().max(64) });
/** The six-digit code mailed to the new contact address. */
export const organizationEmailVerifyBody = z.object({ code: z.string().regex(/^\d{6}$/, 'code must be six digits') });

/** `GET /organization/domain/verify/:domain`: what the reachability probe expects back. */
export const domainReachabilitySchema = z.object({
  domain: z.string(),
  orgID: z.string(),
  status: z.literal('ok'),
});
