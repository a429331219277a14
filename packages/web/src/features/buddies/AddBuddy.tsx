import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { UserStub } from '@perch/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { BUDDY_SEARCH_MIN, useAddBuddy, useBuddySearch } from './api/buddy-queries';

const nameOf = (c: UserStub) => `${c.firstname} ${c.lastname}`.trim() || c.email;

/** Finds a colleague by name or email (3+ characters) and adds them as a buddy. */
export function AddBuddy({ existing }: { existing: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 250);
  const search = useBuddySearch(debounced);
  const add = useAddBuddy();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const candidates = (search.data ?? []).filter((c) => !existing.has(c.id));
  const tooShort = query.trim().length < BUDDY_SEARCH_MIN;

  const choose = async (id: string) => {
    const candidate = candidates.find((c) => c.id === id);
    if (!candidate) return;
    combobox.closeDropdown();
    try {
      await add.mutateAsync(candidate.id);
      notifications.show({ color: 'teal', message: t('buddyAdded', { name: nameOf(candidate) }) });
      setQuery('');
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(id) => void choose(id)}>
      <Combobox.Target>
        <TextInput
          label={t('addBuddy')}
          placeholder={t('findPersonPlaceholder')}
          description={t('buddySearchHint', { count: BUDDY_SEARCH_MIN })}
          leftSection={<IconUserPlus size={16} aria-hidden />}
          rightSection={search.isFetching || add.isPending ? <Loader size="xs" /> : null}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          maw={460}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={tooShort}>
        <Combobox.Options>
          {candidates.map((c) => (
            <Combobox.Option value={c.id} key={c.id}>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text fz="sm">{nameOf(c)}</Text>
                <Text fz="xs" c="dimmed">
                  {c.email}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {search.isSuccess && candidates.length === 0 && <Combobox.Empty>{t('noPeopleFound')}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
