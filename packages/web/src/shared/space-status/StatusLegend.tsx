import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './space-status.module.css';
import { readableTextOn, STATUS_ORDER, type SpaceStatus, type StatusColors } from './space-status';
import { STATUS_ICON, STATUS_LABEL } from './StatusIcon';
import { CheckedInSwatch } from './CheckedInMark';

export function StatusSwatch({ status, colors }: { status: SpaceStatus; colors: StatusColors }) {
  const Icon = STATUS_ICON[status];
  return (
    <span className={classes.swatch} style={{ background: colors[status], color: readableTextOn(colors[status]) }}>
      <Icon size={15} stroke={2.5} aria-hidden />
    </span>
  );
}

interface StatusLegendProps {
  colors: StatusColors;
  /** Statuses this organisation can show (buddies and partial bookings may be off). */
  statuses: readonly SpaceStatus[];
  /** Check-in is used here: the map marks spaces whose people have checked in. */
  checkedIn?: boolean;
}

export function StatusLegend({ colors, statuses, checkedIn = false }: StatusLegendProps) {
  const { t } = useTranslation();
  return (
    <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('legend')}>
      {STATUS_ORDER.filter((s) => statuses.includes(s)).map((status) => (
        <Group component="li" key={status} gap={6} wrap="nowrap">
          <StatusSwatch status={status} colors={colors} />
          <Text fz="sm">{t(STATUS_LABEL[status])}</Text>
        </Group>
      ))}
      {checkedIn && (
        <Group component="li" gap={6} wrap="nowrap">
          <CheckedInSwatch />
          <Text fz="sm">{t('legendCheckedIn')}</Text>
        </Group>
      )}
    </Group>
  );
}
