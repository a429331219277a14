import type { SpaceAvailability } from '@perch/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { partialMaxHoursFrom, spaceStatus, type SpaceStatus } from '../../shared/space-status/space-status';
import { STATUS_LABEL } from '../../shared/space-status/StatusIcon';
import type { TimePrefs } from '../../shared/time/time-prefs';
import type { MapEntry } from './map/FloorPlanMap';

/** Each space with its status and its accessible name ("Desk 4 — available, needs approval"). */
export function useSpaceEntries(spaces: readonly SpaceAvailability[] | undefined, prefs: TimePrefs): MapEntry[] {
  const { t } = useTranslation();
  const { user, settings } = useSignedInSession();
  return useMemo(() => {
    const ctx = {
      userId: user.id,
      userEmail: user.email,
      partialMaxHours: partialMaxHoursFrom(settings),
      workdayStart: prefs.workdayStart,
      workdayEnd: prefs.workdayEnd,
    };
    return (spaces ?? []).map((space) => {
      const status: SpaceStatus = spaceStatus(space, ctx);
      const parts = [t(STATUS_LABEL[status])];
      if (space.approvalRequired) parts.push(t('needsApproval'));
      return { space, status, label: t('spaceAccessibleName', { name: space.name, status: parts.join(', ') }) };
    });
  }, [spaces, user, settings, prefs, t]);
}
