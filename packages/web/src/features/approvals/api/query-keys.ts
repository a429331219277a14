/** TanStack Query keys of the approvals (under `booking`, so a change to bookings reaches them). */
export const approvalKeys = {
  pending: ['booking', 'approvals'] as const,
  count: ['booking', 'approvals', 'count'] as const,
};
