import { ErrorCode } from '@perch/contract';
import { violation, type RuleViolation } from './types.js';

/**
 * 1009: when a space or its area restricts bookers to groups, the person must be in one of
 * them (each list on its own). Applies to admins too.
 */
export function allowedBooker(
  spaceGroups: readonly string[],
  locationGroups: readonly string[],
  personGroups: ReadonlySet<string>,
): RuleViolation | null {
  const ok = (groups: readonly string[]) => groups.length === 0 || groups.some((g) => personGroups.has(g));
  return ok(spaceGroups) && ok(locationGroups)
    ? null
    : violation(ErrorCode.BookingNotAllowedBooker, 'You are not allowed to book this space');
}
