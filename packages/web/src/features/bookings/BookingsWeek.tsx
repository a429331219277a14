import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Popover,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconRepeat } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRange, formatTime, weekdayNames } from '../../shared/time/format-time';
import type { TimePrefs } from '../../shared/time/time-prefs';
import { addDaysToDate, timeFromMinutes, weekdayOf, type IsoDate } from '../../shared/time/wall-time';
import type { BookingItem } from './booking-groups';
import { BookingButtons, BookingFacts } from './BookingCard';
import classes from './bookings-week.module.css';
import type { useBookingActions } from './use-booking-actions';
import { hourRange, weekDates, weekSegments, type DaySegment } from './week-layout';

/** Height of one hour of the grid, in pixels. */
const HOUR_HEIGHT = 48;
/** A block is never shorter than this, so a short booking stays readable and clickable. */
const MIN_BLOCK_HEIGHT = 26;
/** Narrower than this, the week shows one day at a time under a day picker. */
const NARROW = '(max-width: 40em)';

export const weekBlockSelector = (id: string) => `[data-week-block="${id.replace(/["\\]/g, '\\$&')}"]`;

interface BookingsWeekProps {
  /** Every booking of the user, earliest first. */
  items: readonly BookingItem[];
  /** The first day of the shown week, and of the current one (earlier weeks hold no bookings). */
  weekStart: IsoDate;
  currentWeekStart: IsoDate;
  onWeekChange: (start: IsoDate) => void;
  today: IsoDate;
  prefs: TimePrefs;
  dailyBasis: boolean;
  /** The zone of an area's clock, and the user's own. */
  zoneOf: (areaId: string) => string;
  ownZone: string;
  actions: ReturnType<typeof useBookingActions>;
  /** A booking was cancelled from a block: the page moves the focus (`ids`: what went). */
  onCancelled: (ids: readonly string[], order: readonly string[]) => void;
  /** The week's heading, focused when nothing else is left to focus. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * "My bookings" as a week: days across, each booking a block placed by its start and end on the
 * area's wall clock. A block is a button; it opens the booking's details with the same actions
 * as the list (add to calendar, cancel, cancel the series). At phone width one day is shown,
 * picked above the grid.
 */
export function BookingsWeek({
  items,
  weekStart,
  currentWeekStart,
  onWeekChange,
  today,
  prefs,
  dailyBasis,
  zoneOf,
  ownZone,
  actions,
  onCancelled,
  headingRef,
}: BookingsWeekProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const headingId = useId();
  const dates = useMemo(() => weekDates(weekStart), [weekStart]);
  const days = useMemo(() => weekSegments(items, weekStart), [items, weekStart]);
  const { first, last } = hourRange(days, prefs.workdayStart, prefs.workdayEnd);
  const gridHeight = (last - first) * HOUR_HEIGHT;
  const weekItems = useMemo(() => {
    const seen = new Set<string>();
    return days.flat().flatMap((s) => (seen.has(s.item.booking.id) ? [] : (seen.add(s.item.booking.id), [s.item])));
  }, [days]);
  const hasAllDay = days.some((d) => d.some((s) => s.allDay));

  const [pickedDay, setPickedDay] = useState<IsoDate>(() => defaultDay(dates, days, today));
  useEffect(() => setPickedDay(defaultDay(dates, days, today)), [weekStart]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = narrow
    ? dates.map((d, i) => [d, i] as const).filter(([d]) => d === pickedDay)
    : dates.map((d, i) => [d, i] as const);

  const [openId, setOpenId] = useState<string | null>(null);
  const blocks = useRef(new Map<string, HTMLButtonElement>());
  // Escape closes the details wherever the focus is (a button busy fetching a file lets it go).
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || openId === null) return;
    blocks.current.get(openId)?.focus();
    setOpenId(null);
  });
  const names = weekdayNames(lang, 'short');
  const end = addDaysToDate(weekStart, 6);
  const range = t('weekRange', {
    start: formatDate(weekStart, prefs, lang, false),
    end: formatDate(end, prefs, lang, false),
  });
  const order = weekItems.map((i) => i.booking.id);

  /** Closes the details and keeps the focus on the block, where a confirmation returns it. */
  const fromBlock = (id: string, then: () => void) => {
    blocks.current.get(id)?.focus();
    setOpenId(null);
    then();
  };

  const block = (segment: DaySegment) => {
    const { item } = segment;
    const { booking } = item;
    const id = booking.id;
    const zone = zoneOf(booking.space.location.id);
    const when = formatRange(item.enter, item.leave, prefs, lang, dailyBasis);
    // The booking's own times, also on the blocks of a booking that runs over midnight.
    const short = segment.allDay
      ? t('weekAllDay')
      : `${formatTime(item.enter, prefs, lang)} – ${formatTime(item.leave, prefs, lang)}`;
    const style: CSSProperties = segment.allDay
      ? {}
      : {
          top: ((segment.from - first * 60) / 60) * HOUR_HEIGHT,
          height: Math.max(((segment.to - segment.from) / 60) * HOUR_HEIGHT - 2, MIN_BLOCK_HEIGHT),
          insetInlineStart: `calc(${(segment.lane / segment.lanes) * 100}% + 2px)`,
          width: `calc(${100 / segment.lanes}% - 4px)`,
        };
    const open = openId === id && segment.date === firstDayOf(segment, dates);
    return (
      <li key={`${id}-${segment.date}`}>
        <Popover
          opened={open}
          onChange={(o) => !o && setOpenId(null)}
          position="bottom"
          withArrow
          shadow="md"
          trapFocus
          returnFocus={false}
          width="min(24rem, calc(100vw - 2rem))"
          zIndex={180}
        >
          <Popover.Target>
            <UnstyledButton
              className={classes.block}
              style={style}
              data-week-block={id}
              data-pending={!booking.approved || undefined}
              data-open={open || undefined}
              ref={(el: HTMLButtonElement | null) => {
                // A booking over several days has a block per day; the first one takes the focus.
                if (el && segment.date === firstDayOf(segment, dates)) blocks.current.set(id, el);
              }}
              aria-label={t('weekBlockLabel', { name: booking.space.name, area: booking.space.location.name, when })}
              aria-haspopup="dialog"
              aria-expanded={open}
              onClick={() => {
                if (segment.date !== firstDayOf(segment, dates)) blocks.current.get(id)?.focus();
                setOpenId(open ? null : id);
              }}
            >
              <span className={classes.blockName}>
                {booking.recurringId && <IconRepeat size={12} aria-hidden style={{ marginInlineEnd: 3 }} />}
                {/* Names keep their own direction, so a Latin name is cut at its end in Hebrew too. */}
                <bdi>{booking.space.name}</bdi>
              </span>
              <span className={classes.blockLine}>{short}</span>
              <span className={classes.blockLine} dir="auto">
                {booking.space.location.name}
              </span>
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown p="md">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <BookingFacts
                  item={item}
                  when={when}
                  prefs={prefs}
                  dailyBasis={dailyBasis}
                  zone={zone !== ownZone ? zone : null}
                  ownZone={ownZone}
                />
                <CloseButton aria-label={t('close')} onClick={() => fromBlock(id, () => undefined)} />
              </Group>
              <BookingButtons
                item={item}
                when={when}
                inline
                onCancel={() => fromBlock(id, () => actions.cancel(id, when, () => onCancelled([id], order)))}
                onCancelSeries={() =>
                  fromBlock(id, () =>
                    actions.cancelSeries(booking.recurringId, () =>
                      onCancelled(
                        items.filter((i) => i.booking.recurringId === booking.recurringId).map((i) => i.booking.id),
                        order,
                      ),
                    ),
                  )
                }
                onAddToCalendar={(scope) =>
                  actions.addToCalendar(scope, scope === 'series' ? booking.recurringId : id, item.enter)
                }
                addingToCalendar={
                  actions.icalPending !== null &&
                  (actions.icalPending === id || actions.icalPending === booking.recurringId)
                }
              />
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </li>
    );
  };

  const gridStyle = {
    '--days': String(shown.length),
    '--gutter': prefs.use24Hour ? '3.25rem' : '4.5rem',
    '--grid-height': `${gridHeight}px`,
    '--hour-height': `${HOUR_HEIGHT}px`,
  } as CSSProperties;

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz="h4" id={headingId} ref={headingRef} tabIndex={-1}>
            {range}
          </Title>
          <Group gap="xs" role="group" aria-label={t('weekNavigation')} wrap="nowrap">
            {/* At phone width the arrows carry their names only for assistive technology and as tooltips. */}
            {narrow ? (
              <Tooltip label={t('weekPrevious')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('weekPrevious')}
                  disabled={weekStart <= currentWeekStart}
                  onClick={() => onWeekChange(addDaysToDate(weekStart, -7))}
                >
                  <IconChevronLeft size={18} aria-hidden className="mirror-in-rtl" />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={16} aria-hidden className="mirror-in-rtl" />}
                disabled={weekStart <= currentWeekStart}
                onClick={() => onWeekChange(addDaysToDate(weekStart, -7))}
              >
                {t('weekPrevious')}
              </Button>
            )}
            <Button
              variant="default"
              size={narrow ? 'sm' : 'xs'}
              disabled={weekStart === currentWeekStart}
              onClick={() => onWeekChange(currentWeekStart)}
            >
              {t('weekThis')}
            </Button>
            {narrow ? (
              <Tooltip label={t('weekNext')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('weekNext')}
                  onClick={() => onWeekChange(addDaysToDate(weekStart, 7))}
                >
                  <IconChevronRight size={18} aria-hidden className="mirror-in-rtl" />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={16} aria-hidden className="mirror-in-rtl" />}
                onClick={() => onWeekChange(addDaysToDate(weekStart, 7))}
              >
                {t('weekNext')}
              </Button>
            )}
          </Group>
        </Group>
        <Text c="dimmed" fz="sm" aria-live="polite">
          {weekItems.length === 0 ? t('weekNoBookings') : t('weekBookingCount', { count: weekItems.length })}
        </Text>
        {narrow && (
          <div className={classes.dayPicker} role="group" aria-label={t('weekDayPicker')}>
            {dates.map((date) => {
              const count = days[dates.indexOf(date)]!.length;
              return (
                <button
                  key={date}
                  type="button"
                  className={classes.dayButton}
                  aria-pressed={date === pickedDay}
                  aria-current={date === today ? 'date' : undefined}
                  aria-label={
                    count
                      ? `${formatDate(date, prefs, lang)}, ${t('dayBookingCount', { count })}`
                      : formatDate(date, prefs, lang)
                  }
                  onClick={() => setPickedDay(date)}
                >
                  <span aria-hidden>{names[weekdayOf(date)]}</span>
                  <span className={classes.dayButtonNumber} aria-hidden>
                    {Number(date.slice(8, 10))}
                  </span>
                  <span className={classes.dot} data-empty={count === 0 || undefined} aria-hidden />
                </button>
              );
            })}
          </div>
        )}
        <div className={classes.week} style={gridStyle}>
          <div className={classes.corner} aria-hidden />
          {shown.map(([date]) => (
            <h3
              key={date}
              className={classes.dayHead}
              id={`${headingId}-${date}`}
              data-today={date === today || undefined}
              aria-current={date === today ? 'date' : undefined}
            >
              <span aria-hidden>{names[weekdayOf(date)]}</span>
              <span className={classes.dayNumber} aria-hidden>
                {Number(date.slice(8, 10))}
              </span>
              <VisuallyHidden>{formatDate(date, prefs, lang)}</VisuallyHidden>
            </h3>
          ))}
          {hasAllDay && (
            <>
              <div className={classes.allDayLabel}>{t('weekAllDay')}</div>
              {shown.map(([date, i]) => (
                <ul key={date} className={classes.allDayCell} aria-labelledby={`${headingId}-${date}`}>
                  {days[i]!.filter((s) => s.allDay).map(block)}
                </ul>
              ))}
            </>
          )}
          <div className={classes.gutter} aria-hidden>
            {Array.from({ length: last - first }, (_, h) => (
              <span key={h} className={classes.hourLabel} style={{ top: h * HOUR_HEIGHT }}>
                {formatTime(`2030-01-01T${timeFromMinutes((first + h) * 60)}`, prefs, lang)}
              </span>
            ))}
          </div>
          {shown.map(([date, i]) => (
            <ul
              key={date}
              className={classes.dayColumn}
              aria-labelledby={`${headingId}-${date}`}
              data-today={date === today || undefined}
            >
              {days[i]!.filter((s) => !s.allDay).map(block)}
            </ul>
          ))}
        </div>
      </Stack>
    </section>
  );
}

/** The day of the week a booking's first block is on (its start, or the week's first day). */
function firstDayOf(segment: DaySegment, dates: readonly IsoDate[]): IsoDate {
  const start = segment.item.enter.slice(0, 10);
  return start < dates[0]! ? dates[0]! : start;
}

/** The day the picker starts on: today in this week, else the first day with a booking, else the first. */
function defaultDay(dates: readonly IsoDate[], days: readonly DaySegment[][], today: IsoDate): IsoDate {
  if (dates.includes(today)) return today;
  const busy = days.findIndex((d) => d.length > 0);
  return dates[busy === -1 ? 0 : busy]!;
}
