import { Badge, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookerName } from '../../../shared/people/booker-name';
import type { StatusColors } from '../../../shared/space-status/space-status';
import { STATUS_LABEL } from '../../../shared/space-status/StatusIcon';
import { StatusSwatch } from '../../../shared/space-status/StatusLegend';
import type { MapEntry } from '../map/FloorPlanMap';
import classes from '../search.module.css';

interface SpaceListProps {
  entries: readonly MapEntry[];
  colors: StatusColors;
  onOpen: (spaceId: string) => void;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The spaces as a list: the same states, names and actions as the map, for any screen and reader. */
export function SpaceList({ entries, colors, onOpen }: SpaceListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return [...entries]
      .filter((e) => !q || e.space.name.toLowerCase().includes(q))
      .sort((a, b) => collator.compare(a.space.name, b.space.name));
  }, [entries, query]);

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
          {t('noSpacesMatch')}
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
