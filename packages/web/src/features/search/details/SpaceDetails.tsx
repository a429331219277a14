import { Alert, Badge, Button, Drawer, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SpaceAttribute, SpaceAvailability } from '@perch/contract';
import { AttributeType } from '@perch/contract/values';
import { IconBan, IconHeart, IconRepeat, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { bookerName } from '../../../shared/people/booker-name';
import {
  isBookable,
  isMine,
  readableTextOn,
  type SpaceStatus,
  type StatusColors,
} from '../../../shared/space-status/space-status';
import { STATUS_LABEL } from '../../../shared/space-status/StatusIcon';
import { StatusSwatch } from '../../../shared/space-status/StatusLegend';
import { formatRange } from '../../../shared/time/format-time';
import type { TimePrefs } from '../../../shared/time/time-prefs';
import { fromApiTime } from '../../../shared/time/wall-time';

interface SpaceDetailsProps {
  space: SpaceAvailability | null;
  status: SpaceStatus;
  colors: StatusColors;
  attributes: readonly SpaceAttribute[];
  rangeLabel: string;
  prefs: TimePrefs;
  dailyBasis: boolean;
  onBook: () => void;
  onClose: () => void;
}

function attributeValue(attribute: SpaceAttribute | undefined, value: string, yes: string, no: string): string {
  if (attribute?.type !== AttributeType.Boolean) return value;
  return value === '1' || value === 'true' ? yes : no;
}

/** A space in a side sheet: its state in the window, what it offers, who booked it, and "Book". */
export function SpaceDetails(props: SpaceDetailsProps) {
  const { space, status, colors, prefs, onBook, onClose } = props;
  const { t, i18n } = useTranslation();
  const { user } = useSignedInSession();
  const attributeById = new Map(props.attributes.map((a) => [a.id, a]));

  return (
    <Drawer
      opened={space !== null}
      onClose={onClose}
      position="right"
      closeButtonProps={{ 'aria-label': t('close') }}
      size="md"
      title={
        space && (
          <Title order={2} fz="h3">
            {space.name}
          </Title>
        )
      }
    >
      {space && (
        <Stack gap="md">
          <Group gap="xs">
            <StatusSwatch status={status} colors={colors} />
            <Text fw={600}>{t(STATUS_LABEL[status])}</Text>
          </Group>
          <Text c="dimmed" fz="sm">
            {props.rangeLabel}
          </Text>
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
          {isBookable(space) ? (
            <Button size="md" onClick={onBook} data-autofocus>
              {t('bookThisSpace')}
            </Button>
          ) : (
            space.allowed && space.enabled && <Text fz="sm">{t('spaceTakenNote')}</Text>
          )}

          {space.attributes.length > 0 && (
            <section>
              <Title order={3} fz="md" mb="xs">
                {t('attributes')}
              </Title>
              <Table variant="vertical" withTableBorder>
                <Table.Tbody>
                  {space.attributes.map((a) => (
                    <Table.Tr key={a.attributeId}>
                      <Table.Th>{attributeById.get(a.attributeId)?.label ?? '—'}</Table.Th>
                      <Table.Td>
                        {attributeValue(attributeById.get(a.attributeId), a.value, t('yes'), t('no'))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </section>
          )}

          <section>
            <Title order={3} fz="md" mb="xs">
              {t('bookingsInRange')}
            </Title>
            {space.bookings.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('noBookingsInRange')}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {space.bookings.map((b) => {
                  const mine = isMine(b, { userId: user.id, userEmail: user.email });
                  const accent = mine ? colors.mine : b.isBuddy ? colors.buddy : undefined;
                  return (
                    <Paper
                      component="li"
                      key={b.id}
                      withBorder
                      p="sm"
                      radius="md"
                      style={accent ? { borderInlineStartWidth: 5, borderInlineStartColor: accent } : undefined}
                    >
                      <Text fw={600} fz="sm">
                        {formatRange(
                          fromApiTime(b.enter),
                          fromApiTime(b.leave),
                          prefs,
                          i18n.language,
                          props.dailyBasis,
                        )}
                      </Text>
                      <Group gap={6} mt={4}>
                        <Text fz="sm">{mine ? t('you') : bookerName(b) || t('someone')}</Text>
                        {mine && (
                          <Badge size="sm" color="grape" leftSection={<IconUser size={11} aria-hidden />}>
                            {t('statusMine')}
                          </Badge>
                        )}
                        {b.isBuddy && (
                          <Badge
                            size="sm"
                            style={{ background: colors.buddy, color: readableTextOn(colors.buddy) }}
                            leftSection={<IconHeart size={11} aria-hidden />}
                          >
                            {t('buddy')}
                          </Badge>
                        )}
                        {!b.approved && (
                          <Badge size="sm" variant="light" color="yellow">
                            {t('pendingApproval')}
                          </Badge>
                        )}
                        {b.recurringId && <IconRepeat size={14} aria-label={t('recurring')} />}
                      </Group>
                      {b.subject && (
                        <Text fz="sm" c="dimmed" mt={2}>
                          {b.subject}
                        </Text>
                      )}
                    </Paper>
                  );
                })}
              </Stack>
            )}
          </section>
        </Stack>
      )}
    </Drawer>
  );
}
