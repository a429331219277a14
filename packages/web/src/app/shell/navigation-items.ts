import {
  IconAdjustments,
  IconArmchair,
  IconBuilding,
  IconBuildings,
  IconCalendarEvent,
  IconCalendarUser,
  IconChecklist,
  IconChartBar,
  IconHistory,
  IconLogin2,
  IconMail,
  IconMap2,
  IconPlugConnected,
  IconSettings,
  IconShieldCog,
  IconTags,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import type { UserMe } from '@perch/contract';
import { isOrgAdmin, isSuperAdmin } from '@perch/contract/values';
import type { ComponentType } from 'react';
import { ApprovalsCountBadge } from '../../features/approvals/ApprovalsCountBadge';
import type { MessageKey } from '../../i18n';
import { buddiesEnabled, canAdminister, type ValueMap } from '../session/session-data';

export interface NavigationItem {
  to: string;
  label: MessageKey;
  Icon: Icon;
  /** Starts a separate group (administration sits apart from the booking pages). */
  separated?: boolean;
  /** Sub-pages, shown under the item while one of them (or the item) is open. */
  children?: NavigationItem[];
  /** Shown after the label, e.g. a count of things waiting. */
  Badge?: ComponentType;
}

/** A section of the administration, as the sub-navigation and the admin start page list it. */
export interface AdminSection extends NavigationItem {
  description: MessageKey;
}

/** The administration screens this user may open. */
export function adminSections(user: UserMe): AdminSection[] {
  const sections: AdminSection[] = [
    {
      to: '/admin/dashboard',
      label: 'navAdminStatistics',
      description: 'adminStatisticsDescription',
      Icon: IconChartBar,
    },
    { to: '/admin/areas', label: 'navAdminAreas', description: 'adminAreasDescription', Icon: IconMap2 },
    {
      to: '/admin/bookings',
      label: 'navAdminBookings',
      description: 'adminBookingsDescription',
      Icon: IconCalendarUser,
    },
    {
      to: '/admin/attributes',
      label: 'navAdminAttributes',
      description: 'adminAttributesDescription',
      Icon: IconTags,
    },
  ];
  if (isOrgAdmin(user.role)) {
    sections.push(
      { to: '/admin/users', label: 'navAdminUsers', description: 'adminUsersDescription', Icon: IconUser },
      {
        to: '/admin/groups',
        label: 'navAdminGroups',
        description: 'adminGroupsDescription',
        Icon: IconUsersGroup,
      },
      {
        to: '/admin/audit',
        label: 'navAdminSignInLog',
        description: 'adminSignInLogDescription',
        Icon: IconHistory,
      },
      { to: '/admin/mail', label: 'navAdminMail', description: 'adminMailDescription', Icon: IconMail },
      { to: '/admin/settings', label: 'navAdminSettings', description: 'adminSettingsDescription', Icon: IconSettings },
    );
  }
  if (isOrgAdmin(user.role)) {
    sections.push(
      {
        to: '/admin/settings/org',
        label: 'navAdminOrganization',
        description: 'adminOrganizationDescription',
        Icon: IconBuilding,
      },
      { to: '/admin/domains', label: 'navAdminDomains', description: 'adminDomainsDescription', Icon: IconWorldWww },
      {
        to: '/admin/auth-providers',
        label: 'navAdminAuthProviders',
        description: 'adminAuthProvidersDescription',
        Icon: IconLogin2,
      },
      {
        to: '/admin/settings/wiki',
        label: 'navAdminWiki',
        description: 'adminWikiDescription',
        Icon: IconPlugConnected,
      },
    );
  }
  if (isSuperAdmin(user.role)) {
    sections.push({
      to: '/admin/organizations',
      label: 'navAdminOrganizations',
      description: 'adminOrganizationsDescription',
      Icon: IconBuildings,
    });
  }
  return sections;
}

/**
 * The pages this user may reach, in menu order. Embedded in the team
 * wiki, only the booking pages: approvals and the administration are for the web app.
 */
export function navigationItems(user: UserMe, settings: ValueMap, { embedded = false } = {}): NavigationItem[] {
  const items: NavigationItem[] = [
    { to: '/search', label: 'navBookSpace', Icon: IconArmchair },
    { to: '/bookings', label: 'navMyBookings', Icon: IconCalendarEvent },
  ];
  if (buddiesEnabled(settings)) items.push({ to: '/buddies', label: 'navBuddies', Icon: IconUsers });
  items.push({ to: '/preferences', label: 'navPreferences', Icon: IconAdjustments });
  if (canAdminister(user) && !embedded) {
    items.push({ to: '/approvals', label: 'navApprovals', Icon: IconChecklist, Badge: ApprovalsCountBadge });
    items.push({
      to: '/admin',
      label: 'navAdministration',
      Icon: IconShieldCog,
      separated: true,
      children: adminSections(user).map(({ to, label, Icon }) => ({ to, label, Icon })),
    });
  }
  return items;
}
