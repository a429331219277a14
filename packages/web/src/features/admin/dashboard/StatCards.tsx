import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { Stats } from '@perch/contract';
import {
  IconArmchair,
  IconCalendarStats,
  IconCalendarWeek,
  IconClockPlay,
  IconHistory,
  IconMap2,
  IconSun,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n';

interface CountCard {
  field: Exclude<keyof Stats, 'bookingsByWeekday'>;
  label: MessageKey;
  Icon: Icon;
}

const CARDS: readonly CountCard[] = [
  { field: 'numUsers', label: 'statUsers', Icon: IconUsers },
  { field: 'numLocations', label: 'statAreas', Icon: IconMap2 },
  { field: 'numSpaces', label: 'statSpaces', Icon: IconArmchair },
  { field: 'numBookings', label: 'statBookingsTotal', Icon: IconCalendarStats },
  { field: 'numBookingsCurrent', label: 'statBookingsNow', Icon: IconClockPlay },
  { field: 'numBookingsToday', label: 'statBookingsToday', Icon: IconSun },
  { field: 'numBookingsYesterday', label: 'statBookingsYesterday', Icon: IconHistory },
  { field: 'numBookingsThisWeek', label: 'statBookingsThisWeek', Icon: IconCalendarWeek },
];

/** The organisation's counts at a glance. */
export function StatCards({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing={{ base: 'sm', sm: 'md' }}
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {CARDS.map(({ field, label, Icon }) => (
        <Paper key={field} component="li" withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fz="sm" c="dimmed" fw={500}>
              {t(label)}
            </Text>
            <ThemeIcon variant="light" radius="md" size={30} visibleFrom="xs">
              <Icon size={18} stroke={1.6} aria-hidden />
            </ThemeIcon>
          </Group>
          <Text fz={{ base: 24, sm: 30 }} fw={700} lh={1.2} mt={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {number.format(stats[field])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
