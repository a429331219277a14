import { Button, Group as Row, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { User } from '@perch/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../api/user-queries';

const SEARCH_DELAY_MS = 250;

export function userLabel(user: Pick<User, 'firstname' | 'lastname' | 'email'>): string {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return name ? `${name} (${user.email})` : user.email;
}

interface MemberPickerProps {
  memberIds: ReadonlySet<string>;
  adding: boolean;
  onAdd: (user: User) => void;
}

/** Finds people as you type (name or email, searched by the server) and adds the chosen one. */
export function MemberPicker({ memberIds, adding, onAdd }: MemberPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<User | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const results = useUserSearch(chosen ? '' : debounced);
  const candidates = useMemo(() => (results.data ?? []).filter((u) => !memberIds.has(u.id)), [results.data, memberIds]);
  const options = useMemo(() => {
    const list = chosen && !candidates.some((u) => u.id === chosen.id) ? [chosen, ...candidates] : candidates;
    return list.map((u) => ({ value: u.id, label: userLabel(u) }));
  }, [candidates, chosen]);

  const add = () => {
    if (!chosen) return;
    onAdd(chosen);
    setChosen(null);
    setSearch('');
  };

  const searching = search.trim().length > 0 && (results.isFetching || search !== debounced);
  return (
    <Row align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('findPerson')}
        placeholder={t('findPersonPlaceholder')}
        searchable
        clearable
        data={options}
        value={chosen?.id ?? null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(id) => setChosen(candidates.find((u) => u.id === id) ?? (chosen?.id === id ? chosen : null))}
        // The server has filtered already; Mantine must not filter the labels again.
        filter={({ options: all }) => all}
        nothingFoundMessage={debounced.trim() && !searching ? t('noPeopleFound') : undefined}
        rightSection={searching ? <Loader size={16} /> : undefined}
        style={{ flex: 1, minWidth: 240 }}
      />
      <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={add} disabled={!chosen} loading={adding}>
        {t('addMember')}
      </Button>
    </Row>
  );
}
