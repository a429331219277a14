import { Chip, Group, Input } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { orderedWeekdays, weekdayNames } from '../../../shared/time/format-time';
import { timePrefsFrom } from '../../../shared/time/time-prefs';

interface WeekdayChipsProps {
  value: string[];
  onChange: (days: string[]) => void;
  error?: string;
}

/** The bookable weekdays as toggles, starting on the user's first day of the week. */
export function WeekdayChips({ value, onChange, error }: WeekdayChipsProps) {
  const { t, i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const labelId = useId();
  const days = orderedWeekdays(timePrefsFrom(preferences).weekStartDay);
  const longNames = weekdayNames(i18n.language, 'long');
  const shortNames = weekdayNames(i18n.language, 'short');
  return (
    <Input.Wrapper
      label={t('bookableDays')}
      description={t('bookableDaysHint')}
      error={error}
      labelElement="div"
      id={labelId}
    >
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap={6} mt={6} role="group" aria-labelledby={`${labelId}-label`}>
          {days.map((day) => (
            <Chip key={day} value={String(day)} size="xs" radius="sm" aria-label={longNames[day]}>
              {shortNames[day]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
