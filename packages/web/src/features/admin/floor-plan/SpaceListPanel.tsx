import { List, NavLink, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareNaturally } from '../../../shared/text/natural-order';
import { matchesQuery } from '../ui/sorting';
import type { PlanSnapshot } from './editor-state';
import { EmptyNote } from '../../../shared/ui/EmptyState';

/** A long list would slow the panel down; searching narrows it. */
const LIST_LIMIT = 150;

interface SpaceListPanelProps {
  snapshot: PlanSnapshot;
  onPick: (key: string) => void;
}

/** With nothing selected: all spaces to find and pick one, and how to work the plan. */
export function SpaceListPanel({ snapshot, onPick }: SpaceListPanelProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => {
    // "Desk 2" before "Desk 10", as on the booking map.
    const name = (key: string) => snapshot.spaces[key]?.name ?? '';
    return snapshot.order
      .filter((k) => matchesQuery(query, name(k)))
      .sort((a, b) => compareNaturally(name(a), name(b), i18n.language));
  }, [snapshot, query, i18n.language]);
  return (
    <Stack gap="sm">
      <Title order={2} fz="h5">
        {t('spacesOnPlan', { count: snapshot.order.length })}
      </Title>
      <TextInput
        type="search"
        size="xs"
        label={t('findSpace')}
        leftSection={<IconSearch size={14} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={260} type="auto">
        {matches.slice(0, LIST_LIMIT).map((key) => (
          <NavLink
            key={key}
            component="button"
            label={snapshot.spaces[key]?.name || t('unnamedSpace')}
            onClick={() => onPick(key)}
            py={4}
          />
        ))}
        {matches.length === 0 && <EmptyNote>{t('noResults')}</EmptyNote>}
        {matches.length > LIST_LIMIT && (
          <Text fz="xs" c="dimmed" mt={4}>
            {t('moreSpacesRefine', { count: matches.length - LIST_LIMIT })}
          </Text>
        )}
      </ScrollArea.Autosize>
      <Title order={3} fz="sm" mt="xs">
        {t('editorHowTo')}
      </Title>
      <List size="xs" spacing={4} c="dimmed">
        <List.Item>{t('howToDraw')}</List.Item>
        <List.Item>{t('howToSelect')}</List.Item>
        <List.Item>{t('howToNudge')}</List.Item>
        <List.Item>{t('howToUndo')}</List.Item>
        <List.Item>{t('howToZoom')}</List.Item>
      </List>
    </Stack>
  );
}
