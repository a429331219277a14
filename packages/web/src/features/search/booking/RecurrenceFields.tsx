import { Chip, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DAYJS_DATE_FORMAT, orderedWeekdays, weekdayNames } from '../../../shared/time/format-time';
import type { TimePrefs } from '../../../shared/time/time-prefs';
import type { IsoDate } from '../../../shared/time/wall-time';
import { MAX_CYCLE, type Recurrence, type RecurrenceProblem, type RepeatMode } from './recurrence';

interface RecurrenceFieldsProps {
  value: Recurrence;
  onChange: (value: Recurrence) => void;
  firstDay: IsoDate;
  prefs: TimePrefs;
  locale: string;
  problem: RecurrenceProblem | null;
}

const PROBLEM_MESSAGE = {
  badCycle: 'errorRepeatCycle',
  untilBeforeStart: 'errorRepeatUntil',
  noWeekdays: 'errorRepeatWeekdays',
} as const;

/** Repeat never, daily or weekly; every N days or weeks; on which weekdays; until which day. */
export function RecurrenceFields({ value, onChange, firstDay, prefs, locale, problem }: RecurrenceFieldsProps) {
  const { t, i18n } = useTranslation();
  const repeatLabelId = useId();
  const weekdaysLabelId = useId();
  const names = weekdayNames(i18n.language, 'short');
  const longNames = weekdayNames(i18n.language, 'long');
  const set = (change: Partial<Recurrence>) => onChange({ ...value, ...change });

  return (
    <Stack gap="sm">
      <div>
        <Text id={repeatLabelId} fz="sm" fw={500} mb={4}>
          {t('repeat')}
        </Text>
        <SegmentedControl
          aria-labelledby={repeatLabelId}
          fullWidth
          value={value.mode}
          onChange={(mode) => set({ mode: mode as RepeatMode })}
          data={[
            { value: 'never', label: t('repeatNever') },
            { value: 'daily', label: t('repeatDaily') },
            { value: 'weekly', label: t('repeatWeekly') },
          ]}
        />
      </div>
      {value.mode !== 'never' && (
        <>
          <Group grow align="flex-start">
            <NumberInput
              label={value.mode === 'daily' ? t('repeatEveryDays') : t('repeatEveryWeeks')}
              min={1}
              max={MAX_CYCLE}
              value={value.cycle}
              onChange={(n) => set({ cycle: typeof n === 'number' ? n : Number.parseInt(n, 10) || 0 })}
              error={problem === 'badCycle' ? t(PROBLEM_MESSAGE.badCycle, { max: MAX_CYCLE }) : undefined}
            />
            <DatePickerInput
              label={t('repeatUntil')}
              value={value.until}
              minDate={firstDay}
              onChange={(until) => until && set({ until })}
              valueFormat={DAYJS_DATE_FORMAT[prefs.dateFormat]}
              firstDayOfWeek={prefs.weekStartDay}
              locale={locale}
              error={problem === 'untilBeforeStart' ? t(PROBLEM_MESSAGE.untilBeforeStart) : undefined}
            />
          </Group>
          {value.mode === 'weekly' && (
            <div role="group" aria-labelledby={weekdaysLabelId}>
              <Text id={weekdaysLabelId} fz="sm" fw={500} mb={4}>
                {t('repeatOnWeekdays')}
              </Text>
              <Chip.Group
                multiple
                value={value.weekdays.map(String)}
                onChange={(days) => set({ weekdays: days.map(Number) })}
              >
                <Group gap={6}>
                  {orderedWeekdays(prefs.weekStartDay).map((day) => (
                    <Chip key={day} value={String(day)} size="sm" aria-label={longNames[day]}>
                      {names[day]}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {problem === 'noWeekdays' && (
                <Text c="red" fz="sm" mt={4} role="alert">
                  {t(PROBLEM_MESSAGE.noWeekdays)}
                </Text>
              )}
            </div>
          )}
        </>
      )}
    </Stack>
  );
}
