import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import { ruleError } from '../../http/errors.js';
import { checkRules } from './check.js';
import { isExempt } from './policy.js';
import { loadAreaTarget } from './target.js';

/** Would the caller be allowed to book in this area at this time (before choosing a space)? */
export async function precheckBooking(
  deps: AppDeps,
  auth: AuthContext,
  body: { locationId: string; enter: string; leave: string },
): Promise<void> {
  const target = await loadAreaTarget(deps, auth, body);
  const v = await checkRules(deps.db, {
    mode: 'precheck',
    target,
    enter: target.enter,
    leave: target.leave,
    personId: auth.userId,
    subject: '',
    exempt: isExempt(auth, target.settings),
    now: DateTime.now(),
    excludeBookingId: null,
  });
  if (v) throw ruleError(v);
}
