import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IsoDate } from '../../../../shared/time/wall-time';
import classes from './presence.module.css';

export interface DayColumn {
  date: IsoDate;
  /** Weekday and day of the month, e.g. "Tue" and "3". */
  weekday: string;
  dayOfMonth: string;
  /** The date in the user's format, for assistive technology and tooltips. */
  fullDate: string;
  /** Not one of the user's workdays. */
  offDay: boolean;
}

/**
 * How many people are in on each day, one bar per day. The days scroll sideways when they do
 * not fit (a month on a phone); each bar reads as "date: N people" to assistive technology.
 */
export function PresenceDayBars({ days, counts }: { days: readonly DayColumn[]; counts: readonly number[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const top = Math.max(1, ...counts);
  return (
    <div className={classes.dayBarsScroll} tabIndex={0} role="group" aria-label={t('presenceDailyTitle')}>
      <ol className={classes.dayBars}>
        {days.map((day, i) => {
          const count = counts[i] ?? 0;
          return (
            <li key={day.date} className={classes.dayBar} data-off={day.offDay || undefined} title={day.fullDate}>
              <span className={classes.dayValue} aria-hidden>
                {number.format(count)}
              </span>
              <div className={classes.dayTrack} aria-hidden>
                <div className={classes.dayFill} style={{ height: `${(count / top) * 100}%` }} />
              </div>
              <span className={`${classes.dayLabel} ${day.offDay ? classes.offDay : ''}`} aria-hidden>
                <span>{day.weekday}</span>
                <span>{day.dayOfMonth}</span>
              </span>
              <VisuallyHidden component="span">
                {t('presenceDayHeadcount', { day: day.fullDate, people: t('presencePeopleCount', { count }) })}
              </VisuallyHidden>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
