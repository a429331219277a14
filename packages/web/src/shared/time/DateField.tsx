import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, type DayOfWeek } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import classes from './date-field.module.css';
import { dateText, datePattern, parseDateText } from './date-text';
import { DAYJS_DATE_FORMAT, formatDate } from './format-time';
import { timePrefsFrom, type DateFormat, type WeekStartDay } from './time-prefs';
import { useDayjsLocale } from './use-dayjs-locale';
import type { IsoDate } from './wall-time';

type OwnProps =
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'minDate'
  | 'maxDate'
  | 'valueFormat'
  | 'dateParser'
  | 'locale'
  | 'firstDayOfWeek'
  | 'weekendDays'
  | 'label'
  | 'clearable';

export interface DateFieldProps extends Omit<DateInputProps, OwnProps> {
  label: string;
  /** `YYYY-MM-DD`, or `''` for no date. */
  value: IsoDate;
  /** Called with `YYYY-MM-DD` when a whole date is typed or picked, and with `''` when a clearable field is emptied. */
  onChange: (value: IsoDate) => void;
  /** The first and the last day that may be chosen, `YYYY-MM-DD`. */
  min?: IsoDate;
  max?: IsoDate;
  /** Whether the field may be emptied (a cross clears it). */
  clearable?: boolean;
}

export interface DateFieldFormat {
  dateFormat: DateFormat;
  weekStartDay: WeekStartDay;
  /** The user's days off (0 = Sunday), marked in the calendar. */
  offDays: readonly number[];
  /** The dayjs locale whose names the calendar shows (loaded by `useDayjsLocale`). */
  calendarLocale: string;
  /** The UI language, for the weekday in each day's accessible name. */
  language: string;
}

/**
 * A date field in the signed-in user's date format and week start, in the UI language: the date
 * can be typed as they write dates (`15.03.2026`, `3/15/2026`, `2026-03-15`) or picked in the
 * calendar. Its value is `YYYY-MM-DD` whatever the format.
 */
export function DateField(props: DateFieldProps) {
  const { preferences } = useSignedInSession();
  const { i18n } = useTranslation();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const calendarLocale = useDayjsLocale();
  const offDays = useMemo(() => [0, 1, 2, 3, 4, 5, 6].filter((d) => !prefs.workdays.includes(d)), [prefs]);
  return (
    <DateFieldView
      {...props}
      dateFormat={prefs.dateFormat}
      weekStartDay={prefs.weekStartDay}
      offDays={offDays}
      calendarLocale={calendarLocale}
      language={i18n.language}
    />
  );
}

/**
 * The date field with its format given. Text that is not a whole date, or a date outside
 * `min`–`max`, is never passed on: leaving the field puts the last good date back and says why
 * the text was not used; Enter does not submit the form with it.
 */
export function DateFieldView({
  label,
  value,
  onChange,
  min,
  max,
  clearable = false,
  error,
  errorProps,
  onBlur,
  onKeyDown,
  onInput,
  dateFormat,
  weekStartDay,
  offDays,
  calendarLocale,
  language,
  ...rest
}: DateFieldProps & DateFieldFormat) {
  const { t } = useTranslation();
  // Why the text last typed was not used; gone once a date is chosen or the value changes.
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  useEffect(() => setTypedProblem(null), [value]);
  const pattern = datePattern(dateFormat, {
    day: t('dateFieldDayLetters'),
    month: t('dateFieldMonthLetters'),
    year: t('dateFieldYearLetters'),
  });

  const problemOf = (raw: string): string | null => {
    const text = raw.trim();
    if (!text) return null;
    const day = parseDateText(text, dateFormat);
    if (!day) return t('dateFieldInvalid', { text, pattern });
    if (min && day < min) return t('dateFieldBeforeMin', { text, date: dateText(min, dateFormat) });
    if (max && day > max) return t('dateFieldAfterMax', { text, date: dateText(max, dateFormat) });
    return null;
  };

  const blur = (event: FocusEvent<HTMLInputElement>) => {
    setTypedProblem(problemOf(event.currentTarget.value));
    onBlur?.(event);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      const problem = problemOf(event.currentTarget.value);
      if (problem) {
        event.preventDefault();
        setTypedProblem(problem);
      }
    }
    onKeyDown?.(event);
  };

  return (
    <DateInput
      placeholder={pattern}
      leftSection={<IconCalendar size={16} aria-hidden />}
      popoverProps={{ withinPortal: true }}
      {...rest}
      label={label}
      value={value || null}
      onChange={(day) => {
        setTypedProblem(null);
        onChange(day ?? '');
      }}
      valueFormat={DAYJS_DATE_FORMAT[dateFormat]}
      dateParser={(text) => parseDateText(text, dateFormat)}
      minDate={min || undefined}
      maxDate={max || undefined}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t('dateFieldClear', { label }) }}
      firstDayOfWeek={weekStartDay}
      weekendDays={offDays as DayOfWeek[]}
      classNames={{ day: classes.day }}
      locale={calendarLocale}
      getDayAriaLabel={(day) => formatDate(day.slice(0, 10), { dateFormat }, language)}
      ariaLabels={{
        previousMonth: t('dateFieldPreviousMonth'),
        nextMonth: t('dateFieldNextMonth'),
        previousYear: t('dateFieldPreviousYear'),
        nextYear: t('dateFieldNextYear'),
        previousDecade: t('dateFieldPreviousDecade'),
        nextDecade: t('dateFieldNextDecade'),
      }}
      error={typedProblem ?? error}
      errorProps={{ role: 'alert', ...errorProps }}
      onBlur={blur}
      onKeyDown={keyDown}
      onInput={(event) => {
        setTypedProblem(null);
        onInput?.(event);
      }}
    />
  );
}
