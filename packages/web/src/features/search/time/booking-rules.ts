import type { ValueMap } from '../../../app/session/session-data';
import { intSetting } from '../../../shared/settings/int-setting';

/** The organisation's booking rules the app checks before it calls the server. */
export interface BookingRules {
  dailyBasis: boolean;
  maxDurationHours: number;
  minDurationHours: number;
  maxDaysInAdvance: number;
  maxBookingsPerUser: number;
  /** Admins with `no_admin_restrictions` skip the limits (not the past, not the order). */
  exempt: boolean;
}

export function bookingRulesFrom(settings: ValueMap, isSpaceAdmin: boolean): BookingRules {
  return {
    dailyBasis: settings.daily_basis_booking === '1',
    maxDurationHours: intSetting(settings, 'max_booking_duration_hours'),
    minDurationHours: intSetting(settings, 'min_booking_duration_hours'),
    maxDaysInAdvance: intSetting(settings, 'max_days_in_advance'),
    maxBookingsPerUser: intSetting(settings, 'max_bookings_per_user'),
    exempt: isSpaceAdmin && settings.no_admin_restrictions === '1',
  };
}
