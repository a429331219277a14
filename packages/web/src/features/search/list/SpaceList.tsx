import { Badge, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookerName } from '../../../shared/people/booker-name';
import type { StatusColors } from '../../../shared/space-status/space-status';
import { STATUS_LABEL } from '../../../shared/space-status/StatusIcon';
import { StatusSwatch } from '../../../shared/space-status/StatusLegend';
import { sortNaturally } from '../../../shared/text/natural-order';
import type { MapEntry } from '../map/map-entry';
import classes from '../search.module.css';

interface SpaceListProps {
  entries: readonly MapEntry[];
  colors: StatusColors;
  onOpen: (spaceId: string) => void;
}

/**
 * The spaces as a list: the same states, names and actions as the map, for any screen and
 * reader, in natural order of their names ("Desk 2" before "Desk 10") in the user's language.
 */
export function SpaceList({ entries, colors, onOpen }: SpaceListProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    const matching = entries.filter((e) => !q || e.space.name.toLocaleLowerCase().includes(q));
    return sortNaturally(matching, (e) => e.space.name, i18n.language);
  }, [entries, query, i18n.language]);

  return (
    <Paper withBorder radius="md" p="xs">
      <TextInput
        label={t('findSpace')}
        placeholder={t('findSpacePlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        p="xs"
        maw={360}
      />
      {shown.length === 0 && (
        <Text c="dimmed" p="md">
          {entries.length === 0 ? t('noSpacesToList') : t('noSpacesMatch')}
        </Text>
      )}
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('spaceListLabel')}>
        {shown.map(({ space, status, label }) => {
          const people = space.bookings.map(bookerName).filter(Boolean);
          return (
            <li key={space.id}>
              <UnstyledButton className={classes.listRow} onClick={() => onOpen(space.id)} aria-label={label}>
                <StatusSwatch status={status} colors={colors} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {space.name}
                  </Text>
                  <Text fz="sm" c="dimmed" truncate>
                    {t(STATUS_LABEL[status])}
                    {people.length > 0 && ` · ${people.join(', ')}`}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {space.approvalRequired && (
                    <Badge variant="light" color="grape" leftSection={<IconShieldCheck size={12} aria-hidden />}>
                      {t('needsApproval')}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
