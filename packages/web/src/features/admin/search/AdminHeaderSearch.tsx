import { ActionIcon, Combobox, Loader, Text, TextInput, Tooltip, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { isOrgAdmin } from '@perch/contract/values';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { SEARCH_QUERY_MAX, useAdminSearch } from '../api/search-queries';
import { searchGroups, searchPagePath } from './search-links';

const SEARCH_DELAY_MS = 200;
const HITS_PER_GROUP = 5;
const ALL_RESULTS = 'all';

/**
 * The administration's search in the header: grouped suggestions while typing (arrow keys and
 * Enter choose one); Enter without a choice opens the full results page. Phones get a button to
 * that page instead, the header has no room for a field.
 */
export function AdminHeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSignedInSession();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DELAY_MS);
  const search = useAdminSearch(debounced, isOrgAdmin(user.role));
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const groups = useMemo(() => (debounced.trim() ? searchGroups(search.data) : []), [debounced, search.data]);
  const targets = useMemo(
    () => new Map<string, string>(groups.flatMap((g) => g.hits.map((h) => [`${g.category}:${h.id}`, h.to]))),
    [groups],
  );

  const go = (to: string) => {
    combobox.closeDropdown();
    setQuery('');
    navigate(to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1 && query.trim()) {
      event.preventDefault();
      go(searchPagePath(query));
    }
  };

  const typing = query.trim() !== '';
  const waiting = typing && (search.isFetching || query !== debounced);
  return (
    <>
      <Tooltip label={t('adminSearch')}>
        <ActionIcon
          component={Link}
          to="/admin/search"
          variant="subtle"
          color="gray"
          size="lg"
          hiddenFrom="sm"
          aria-label={t('adminSearch')}
        >
          <IconSearch size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Combobox
        store={combobox}
        onOptionSubmit={(value) => go(value === ALL_RESULTS ? searchPagePath(query) : (targets.get(value) ?? '/admin'))}
        width={360}
        position="bottom-end"
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            type="search"
            role="combobox"
            aria-label={t('adminSearch')}
            placeholder={t('adminSearchPlaceholder')}
            value={query}
            maxLength={SEARCH_QUERY_MAX}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              combobox.updateSelectedOptionIndex();
              if (e.currentTarget.value.trim()) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => typing && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={onKeyDown}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={waiting ? <Loader size={14} /> : null}
            visibleFrom="sm"
            w={{ sm: 200, md: 260 }}
            size="sm"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!typing}>
          {typing && (
            <Combobox.Options aria-label={t('adminSearchResults')} mah={420} style={{ overflowY: 'auto' }}>
              {groups.map((group) => (
                <Combobox.Group key={group.category} label={t(group.title)}>
                  {group.hits.slice(0, HITS_PER_GROUP).map((hit) => (
                    <Combobox.Option key={hit.id} value={`${group.category}:${hit.id}`}>
                      <Text fz="sm" truncate>
                        {hit.label}
                      </Text>
                      {hit.detail && (
                        <Text fz="xs" c="dimmed" truncate>
                          {hit.detail}
                        </Text>
                      )}
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              ))}
              {!waiting && search.isSuccess && groups.length === 0 && <Combobox.Empty>{t('noResults')}</Combobox.Empty>}
              <Combobox.Option value={ALL_RESULTS}>
                <Text fz="sm" c="var(--mantine-color-anchor)" fw={500} truncate>
                  {t('showAllResults', { query: query.trim() })}
                </Text>
              </Combobox.Option>
            </Combobox.Options>
          )}
        </Combobox.Dropdown>
      </Combobox>
    </>
  );
}
