import { Accordion, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Booking } from '@perch/contract';
import { IconHistory, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePastBookings } from '../../shared/api/booking-queries';
import { PageLoader } from '../../shared/ui/Loaders';
import { QueryFailure } from '../../shared/ui/QueryFailure';
import { formatInstantTime, formatRange } from '../../shared/time/format-time';
import type { TimePrefs } from '../../shared/time/time-prefs';
import { fromApiTime } from '../../shared/time/wall-time';

interface PastBookingsProps {
  prefs: TimePrefs;
  dailyBasis: boolean;
  /** The zone of an area, for the time a booking was released. */
  zoneOf: (areaId: string) => string;
}

/** What became of a past booking where check-in applied: checked in, or released and why. */
function Outcome({ booking, zone, prefs }: { booking: Booking; zone: string; prefs: TimePrefs }) {
  const { t, i18n } = useTranslation();
  if (booking.releasedAt) {
    const time = formatInstantTime(booking.releasedAt, zone, prefs, i18n.language);
    return (
      <Group gap="xs">
        <Badge color="red" variant="light">
          {t('checkInReleased')}
        </Badge>
        <Text fz="sm" c="dimmed">
          {t(booking.releaseReason === 'not-coming' ? 'checkInReleasedNotComing' : 'checkInReleasedAt', { time })}
        </Text>
      </Group>
    );
  }
  if (booking.checkedInAt)
    return (
      <Badge color="teal" variant="light">
        {t('checkedIn')}
      </Badge>
    );
  return null;
}

/**
 * "Past bookings": the user's bookings that ended in the last 30 days, the latest first, with
 * what became of them (checked in, released as a no-show, given back). Loaded when opened.
 */
export function PastBookings({ prefs, dailyBasis, zoneOf }: PastBookingsProps) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState<string | null>(null);
  const history = usePastBookings(opened === 'past');

  return (
    <Accordion variant="contained" radius="md" value={opened} onChange={setOpened}>
      <Accordion.Item value="past">
        <Accordion.Control icon={<IconHistory size={18} aria-hidden />}>{t('pastBookings')}</Accordion.Control>
        <Accordion.Panel>
          {history.isError && <QueryFailure error={history.error} onRetry={() => void history.refetch()} />}
          {history.isPending && opened === 'past' && <PageLoader h={80} />}
          {history.isSuccess && history.data.length === 0 && (
            <Text c="dimmed" fz="sm">
              {t('pastBookingsEmpty')}
            </Text>
          )}
          {history.isSuccess && history.data.length > 0 && (
            <Stack gap="xs">
              <Text c="dimmed" fz="sm">
                {t('pastBookingsIntro')}
              </Text>
              <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('pastBookings')}>
                {history.data.map((b) => (
                  <Paper component="li" key={b.id} withBorder radius="md" p="sm">
                    <Stack gap={4}>
                      <Text fw={600} fz="sm">
                        {formatRange(fromApiTime(b.enter), fromApiTime(b.leave), prefs, i18n.language, dailyBasis)}
                      </Text>
                      <Group gap={6} wrap="nowrap">
                        <IconMapPin size={16} aria-hidden />
                        <Text fz="sm">
                          {b.space.name}, {b.space.location.name}
                        </Text>
                      </Group>
                      {b.subject && (
                        <Text fz="sm" c="dimmed">
                          {b.subject}
                        </Text>
                      )}
                      <Outcome booking={b} zone={zoneOf(b.space.locationId)} prefs={prefs} />
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            </Stack>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
