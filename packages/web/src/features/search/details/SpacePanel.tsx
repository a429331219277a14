import { Alert, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SpaceAttribute } from '@perch/contract';
import { AttributeType } from '@perch/contract/values';
import { IconBan, IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { canAdminister } from '../../../app/session/session-data';
import { isBookable, isMine, type StatusColors } from '../../../shared/space-status/space-status';
import { STATUS_LABEL } from '../../../shared/space-status/StatusIcon';
import { StatusSwatch } from '../../../shared/space-status/StatusLegend';
import { formatRange } from '../../../shared/time/format-time';
import { convertWallTime, datePart } from '../../../shared/time/wall-time';
import { BookingForm } from '../booking/BookingForm';
import { BookingSuccess } from '../booking/BookingSuccess';
import { useBookingFlow } from '../booking/use-booking-flow';
import { WindowPickers } from '../controls/WindowPickers';
import type { MapEntry } from '../map/map-entry';
import type { SearchState } from '../use-search-state';
import { spanOf, unionCoverage } from './coverage';
import { nearestFree } from './nearby';
import classes from './panel.module.css';
import { WindowBooking } from './WindowBooking';

interface SpacePanelProps {
  /** The open space with its status, or null when the panel is closed. */
  entry: MapEntry | null;
  state: SearchState;
  colors: StatusColors;
  attributes: readonly SpaceAttribute[];
  locale: string;
  /** Why the chosen time cannot be booked (the page's checks and the server's precheck). */
  hints: readonly string[];
  /** Closes the panel; the page puts focus back on the space. */
  onClose: () => void;
  /** The spaces of the area as the map shows them, for suggesting free ones near a taken one. */
  entries: readonly MapEntry[];
  /** Opens another space in the panel. */
  onOpenSpace: (spaceId: string) => void;
}

function attributeValue(attribute: SpaceAttribute | undefined, value: string, yes: string, no: string): string {
  if (attribute?.type !== AttributeType.Boolean) return value;
  return value === '1' || value === 'true' ? yes : no;
}

/**
 * A space in one side sheet, the second of two steps (choose a space, then book it): its status,
 * the chosen time (changeable here), the booking form or the bookings in that time with cancel and
 * edit for their owners and space admins (and, when it is taken, the free spaces nearest to it),
 * and what the space offers.
 */
export function SpacePanel(props: SpacePanelProps) {
  const { entry, onClose } = props;
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <Drawer.Root
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="md"
      returnFocus={false}
      id="space-panel"
    >
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title ref={headingRef} tabIndex={-1} className={classes.heading}>
            {entry?.space.name}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('close')} />
        </Drawer.Header>
        <Drawer.Body>
          {entry && (
            <PanelBody key={entry.space.id} {...props} entry={entry} focusHeading={() => headingRef.current?.focus()} />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function PanelBody(props: SpacePanelProps & { entry: MapEntry; focusHeading: () => void }) {
  const { entry, state, colors, locale, onClose } = props;
  const { space, status } = entry;
  const { window, prefs, rules } = state;
  const { t, i18n } = useTranslation();
  const { user } = useSignedInSession();
  const [notice, setNotice] = useState<string | null>(null);
  const today = datePart(state.now);
  const flow = useBookingFlow({
    space,
    window,
    dailyBasis: rules.dailyBasis,
    maxDaysInAdvance: rules.maxDaysInAdvance,
    today,
  });
  const attributeById = new Map(props.attributes.map((a) => [a.id, a]));
  const me = { userId: user.id, userEmail: user.email };
  const admin = canAdminister(user);
  const bookings = [...space.bookings].sort((a, b) => (a.enter < b.enter ? -1 : a.enter > b.enter ? 1 : 0));
  const hasMine = bookings.some((b) => isMine(b, me));
  const bookable = isBookable(space);
  const coverage = unionCoverage(bookings.map(spanOf), window);
  const nearby = !bookable && !hasMine ? nearestFree(props.entries, entry) : [];

  if (flow.outcome) return <BookingSuccess outcome={flow.outcome} onDone={onClose} />;

  const onCancelled = () => {
    notifications.show({
      color: 'teal',
      message: t('bookingCancelled'),
      closeButtonProps: { 'aria-label': t('close') },
    });
    onClose();
  };
  const onMoved = (when: string) => {
    setNotice(t('timesChanged', { when }));
    props.focusHeading();
  };

  const zoneRows: [string, string][] = [[t('areaLabel'), state.area?.name ?? '']];
  if (state.showZone) {
    zoneRows.push([t('timeZone'), state.zone]);
    if (!rules.dailyBasis) {
      const onOwnClock = (value: string) => convertWallTime(value, state.zone, state.ownZone);
      const range = formatRange(onOwnClock(window.enter), onOwnClock(window.leave), prefs, i18n.language);
      zoneRows.push([t('yourTime'), `${range} (${state.ownZone})`]);
    }
  }

  const bookingList = bookings.length > 0 && (
    <section aria-labelledby="space-panel-bookings">
      <Title order={3} fz="md" mb="xs" id="space-panel-bookings">
        {t('bookingsInRange')}
      </Title>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {bookings.map((b) => {
          const mine = isMine(b, me);
          return (
            <WindowBooking
              key={b.id}
              booking={b}
              space={space}
              window={window}
              mine={mine}
              canManage={mine || admin}
              colors={colors}
              prefs={prefs}
              dailyBasis={rules.dailyBasis}
              today={today}
              locale={locale}
              onCancelled={onCancelled}
              onMoved={onMoved}
            />
          );
        })}
      </Stack>
    </section>
  );

  return (
    <Stack gap="md" className={classes.wrapAnywhere}>
      <div>
        <Group gap="xs" wrap="nowrap">
          <StatusSwatch status={status} colors={colors} />
          <Text fw={600}>{t(STATUS_LABEL[status])}</Text>
        </Group>
        {bookings.length === 0 ? (
          <Text fz="sm" mt={4}>
            {t('noBookingsInRange')}
          </Text>
        ) : (
          !bookable &&
          !hasMine && (
            <Text fz="sm" mt={4}>
              {coverage === 'whole' ? t('spaceTakenWholeNote') : t('spaceTakenNote')}
            </Text>
          )
        )}
      </div>

      {notice && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {notice}
        </Alert>
      )}

      {nearby.length > 0 && (
        <section aria-labelledby="space-panel-nearby">
          <Title order={3} fz="md" mb={4} id="space-panel-nearby">
            {t('nearbyFreeTitle')}
          </Title>
          <Text fz="sm" c="dimmed" mb="xs">
            {t('nearbyFreeIntro')}
          </Text>
          <Group gap="xs">
            {nearby.map((e) => (
              <Button
                key={e.space.id}
                variant="light"
                leftSection={<StatusSwatch status={e.status} colors={colors} />}
                onClick={() => props.onOpenSpace(e.space.id)}
              >
                {e.space.name}
              </Button>
            ))}
          </Group>
        </section>
      )}

      {!bookable && bookingList}

      <section aria-labelledby="space-panel-time">
        <Title order={3} fz="md" mb="xs" id="space-panel-time">
          {t('chosenTime')}
        </Title>
        <WindowPickers
          window={window}
          onChange={state.setWindow}
          prefs={prefs}
          dailyBasis={rules.dailyBasis}
          today={today}
          locale={locale}
        />
        <Table variant="vertical" layout="fixed" withTableBorder mt="sm" fz="sm">
          <Table.Tbody>
            {zoneRows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={110}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>

      {space.approvalRequired && (
        <Alert color="grape" variant="light" icon={<IconShieldCheck aria-hidden />}>
          {t('approvalRequiredNote')}
        </Alert>
      )}
      {!space.allowed && (
        <Alert color="gray" variant="light" icon={<IconBan aria-hidden />}>
          {t('spaceNotAllowedNote')}
        </Alert>
      )}

      {bookable && <BookingForm space={space} state={state} flow={flow} locale={locale} hints={props.hints} />}
      {bookable && bookingList}

      {space.attributes.length > 0 && (
        <section aria-labelledby="space-panel-attributes">
          <Title order={3} fz="md" mb="xs" id="space-panel-attributes">
            {t('attributes')}
          </Title>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              {space.attributes.map((a) => (
                <Table.Tr key={a.attributeId}>
                  <Table.Th w={130}>{attributeById.get(a.attributeId)?.label ?? '—'}</Table.Th>
                  <Table.Td>{attributeValue(attributeById.get(a.attributeId), a.value, t('yes'), t('no'))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
    </Stack>
  );
}
