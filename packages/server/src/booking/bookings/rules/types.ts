import type { DateTime } from 'luxon';

export type { BookingSettings } from '../../../organization/settings/index.js';

/** A refused booking: the app code (X-Error-Code, when the reference has one), HTTP status and why. */
export interface RuleViolation {
  code: number | undefined;
  status: number;
  message: string;
}

/** A booking window as instants, viewed in the area's time zone. */
export interface Window {
  enter: DateTime;
  leave: DateTime;
  zone: string;
}

export const violation = (code: number | undefined, message: string, status = 400): RuleViolation => ({
  code,
  status,
  message,
});
