import { Stack } from '@mantine/core';
import { CaldavSection } from '../calendars/CaldavSection';
import { CalendarFeedSection } from '../calendars/CalendarFeedSection';
import { MailSection } from '../calendars/MailSection';
import type { PreferenceTabProps } from './tab-props';

/**
 * Mails (part of the page's form and its Save), the CalDAV calendar bookings are written to and
 * the calendar feed (both act at once).
 */
export function CalendarsTab(props: PreferenceTabProps) {
  return (
    <Stack gap="xl" maw={760}>
      <MailSection {...props} />
      <CaldavSection />
      <CalendarFeedSection />
    </Stack>
  );
}
