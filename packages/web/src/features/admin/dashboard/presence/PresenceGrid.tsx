import { VisuallyHidden } from '@mantine/core';
import type { PresenceReport } from '@perch/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayColumn } from './PresenceDayBars';
import { daysIn, personName } from './presence-model';
import classes from './presence.module.css';

interface PresenceGridProps {
  report: PresenceReport;
  days: readonly DayColumn[];
  /** Indexes into the report's users. */
  rows: readonly number[];
  caption: string;
  busy: boolean;
}

const Row = memo(function Row({
  user,
  cells,
  days,
}: {
  user: PresenceReport['users'][number];
  cells: readonly number[];
  days: readonly DayColumn[];
}) {
  const { t, i18n } = useTranslation();
  const name = personName(user);
  return (
    <tr>
      <th scope="row" className={classes.person}>
        <span className={classes.personName} title={name}>
          {name}
        </span>
        {name !== user.email && (
          <span className={classes.personEmail} title={user.email}>
            {user.email}
          </span>
        )}
      </th>
      {days.map((day, d) => {
        const count = cells[d] ?? 0;
        return (
          <td key={day.date} className={day.offDay ? classes.offDayColumn : undefined}>
            {count > 0 && (
              <span className={classes.mark} data-many={count > 1 || undefined} aria-hidden>
                {count > 1 ? new Intl.NumberFormat(i18n.language).format(count) : null}
              </span>
            )}
            <VisuallyHidden component="span">
              {count > 0 ? t('presenceCellBookings', { count }) : t('presenceCellNone')}
            </VisuallyHidden>
          </td>
        );
      })}
      <td className={classes.total}>{new Intl.NumberFormat(i18n.language).format(daysIn(cells))}</td>
    </tr>
  );
});

/**
 * People × days: a dot for a day with a booking, the number when there are several. The first
 * column stays in place while the days scroll sideways (on the right in right-to-left languages).
 */
export function PresenceGrid({ report, days, rows, caption, busy }: PresenceGridProps) {
  const { t } = useTranslation();
  return (
    <div
      className={classes.gridScroll}
      tabIndex={0}
      role="region"
      aria-label={caption}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
    >
      <table className={classes.grid}>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col" className={classes.person}>
              {t('presencePerson')}
            </th>
            {days.map((day) => (
              <th
                key={day.date}
                scope="col"
                className={`${classes.dayHead} ${day.offDay ? classes.offDayColumn : ''}`}
                title={day.fullDate}
              >
                <span className={classes.dayHeadShort} aria-hidden>
                  <span>{day.weekday}</span>
                  <span>{day.dayOfMonth}</span>
                </span>
                <VisuallyHidden component="span">{day.fullDate}</VisuallyHidden>
              </th>
            ))}
            <th scope="col" className={classes.total}>
              {t('presenceDaysIn')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((i) => {
            const user = report.users[i];
            return user ? <Row key={user.userId} user={user} cells={report.presences[i] ?? []} days={days} /> : null;
          })}
        </tbody>
      </table>
    </div>
  );
}
