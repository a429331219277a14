import type { AvailabilityBooking } from '@perch/contract';

/** The booker's name or email, when the API shares it (show_names, own bookings, admins). */
export function bookerName(b: Pick<AvailabilityBooking, 'userFirstname' | 'userLastname' | 'userEmail'>): string {
  const name = `${b.userFirstname} ${b.userLastname}`.trim();
  return name || b.userEmail;
}
