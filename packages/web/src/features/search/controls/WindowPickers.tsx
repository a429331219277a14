import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DAYJS_DATE_FORMAT } from '../../../shared/time/format-time';
import type { TimePrefs } from '../../../shared/time/time-prefs';
import { addDaysToDate, combine, datePart, timePart, type IsoDate } from '../../../shared/time/wall-time';
import classes from '../search.module.css';
import { moveToDate, type BookingWindow } from '../time/booking-window';

interface WindowPickersProps {
  window: BookingWindow;
  onChange: (window: BookingWindow) => void;
  prefs: TimePrefs;
  dailyBasis: boolean;
  today: IsoDate;
  locale: string;
}

/**
 * From and until: dates (and times unless bookings are for whole days) in the user's date format,
 * clock and week start. Moving the first day keeps the length of the window.
 */
export function WindowPickers({ window, onChange, prefs, dailyBasis, today, locale }: WindowPickersProps) {
  const { t } = useTranslation();
  const enterDate = datePart(window.enter);
  const leaveDate = datePart(window.leave);
  const dateProps = {
    valueFormat: `ddd, ${DAYJS_DATE_FORMAT[prefs.dateFormat]}`,
    firstDayOfWeek: prefs.weekStartDay,
    locale,
    minDate: today,
    leftSection: <IconCalendar size={16} aria-hidden />,
    popoverProps: { withinPortal: true },
  } as const;
  const timeProps = {
    format: prefs.use24Hour ? '24h' : '12h',
    leftSection: <IconClock size={16} aria-hidden />,
    hoursInputLabel: t('hours'),
    minutesInputLabel: t('minutes'),
    amPmInputLabel: t('amPm'),
    minutesStep: 5,
  } as const;

  const setEnterDate = (date: string | null) => date && onChange(moveToDate(window, date));
  const setLeaveDate = (date: string | null) =>
    date && onChange({ enter: window.enter, leave: combine(date, timePart(window.leave)) });
  const setTime = (which: 'enter' | 'leave', value: string) => {
    if (!/^\d{2}:\d{2}/.test(value)) return;
    const date = which === 'enter' ? enterDate : leaveDate;
    onChange({ ...window, [which]: combine(date, value.slice(0, 5)) });
  };
  const shiftDay = (days: number) => onChange(moveToDate(window, addDaysToDate(enterDate, days)));

  const pair = { wrap: 'nowrap', gap: 'xs', w: { base: '100%', xs: 'auto' } } as const;
  const dateWidth = { base: 'auto', xs: 172 } as const;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Group {...pair} align="flex-end">
        <DatePickerInput
          {...dateProps}
          label={t('fromDate')}
          value={enterDate}
          onChange={setEnterDate}
          w={dateWidth}
          style={{ flex: 1 }}
        />
        {!dailyBasis && (
          <TimePicker
            {...timeProps}
            label={t('fromTime')}
            value={`${timePart(window.enter)}:00`}
            onChange={(v) => setTime('enter', v)}
            w={118}
          />
        )}
      </Group>
      <Group {...pair} align="flex-end">
        <DatePickerInput
          {...dateProps}
          label={t('untilDate')}
          value={leaveDate}
          minDate={enterDate}
          onChange={setLeaveDate}
          w={dateWidth}
          style={{ flex: 1 }}
        />
        {!dailyBasis && (
          <TimePicker
            {...timeProps}
            label={t('untilTime')}
            value={`${timePart(window.leave)}:00`}
            onChange={(v) => setTime('leave', v)}
            w={118}
          />
        )}
      </Group>
      <Group gap={4} wrap="nowrap" mb={2}>
        <Tooltip label={t('previousDay')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('previousDay')}
            onClick={() => shiftDay(-1)}
            disabled={enterDate <= today}
          >
            <IconChevronLeft size={18} className={classes.flipRtl} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('nextDay')}>
          <ActionIcon variant="default" size="lg" aria-label={t('nextDay')} onClick={() => shiftDay(1)}>
            <IconChevronRight size={18} className={classes.flipRtl} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
