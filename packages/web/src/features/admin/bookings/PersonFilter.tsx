import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../api/user-queries';
import { userLabel } from '../groups/MemberPicker';

const SEARCH_DELAY_MS = 250;

interface PersonFilterProps {
  /** The chosen person's email, '' for everyone. */
  email: string;
  onChange: (email: string) => void;
}

/** Narrows the list to one person: found as you type (name or email, searched by the server). */
export function PersonFilter({ email, onChange }: PersonFilterProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const chosenLabel = email ? (labels[email] ?? email) : '';
  // While the chosen person's label stands in the box, it is not a search.
  const query = search === chosenLabel ? '' : debounced;
  const results = useUserSearch(query);
  const options = useMemo(() => {
    const found = (results.data ?? []).map((u) => ({ value: u.email, label: userLabel(u) }));
    return email && !found.some((o) => o.value === email) ? [{ value: email, label: chosenLabel }, ...found] : found;
  }, [results.data, email, chosenLabel]);
  const searching = query.trim().length > 0 && (results.isFetching || search !== debounced);

  return (
    <Select
      label={t('adminBookingsPerson')}
      placeholder={t('adminBookingsPersonPlaceholder')}
      searchable
      clearable
      data={options}
      value={email || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(value, option) => {
        if (value && option) setLabels((l) => ({ ...l, [value]: option.label }));
        onChange(value ?? '');
      }}
      // The server has filtered already; Mantine must not filter the labels again.
      filter={({ options: all }) => all}
      nothingFoundMessage={query.trim() && !searching ? t('noPeopleFound') : undefined}
      rightSection={searching ? <Loader size={16} /> : undefined}
      clearButtonProps={{ 'aria-label': t('adminBookingsPersonClear') }}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
