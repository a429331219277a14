import {
  IconArmchair,
  IconCalendarEvent,
  IconAdjustments,
  IconShieldCog,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { UserMe } from '@perch/contract';
import type { MessageKey } from '../../i18n';
import { buddiesEnabled, canAdminister, type ValueMap } from '../session/session-data';

export interface NavigationItem {
  to: string;
  label: MessageKey;
  Icon: Icon;
  /** Starts a separate group (administration sits apart from the booking pages). */
  separated?: boolean;
}

/** The pages this user may reach, in menu order (reference §1.3 navbar). */
export function navigationItems(user: UserMe, settings: ValueMap): NavigationItem[] {
  const items: NavigationItem[] = [
    { to: '/search', label: 'navBookSpace', Icon: IconArmchair },
    { to: '/bookings', label: 'navMyBookings', Icon: IconCalendarEvent },
  ];
  if (buddiesEnabled(settings)) items.push({ to: '/buddies', label: 'navBuddies', Icon: IconUsers });
  items.push({ to: '/preferences', label: 'navPreferences', Icon: IconAdjustments });
  if (canAdminister(user)) {
    items.push({ to: '/admin', label: 'navAdministration', Icon: IconShieldCog, separated: true });
  }
  return items;
}
