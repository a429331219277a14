import { Loader, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { User } from '@perch/contract';
import { isEmail } from '@perch/contract/values';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { usePeopleSearch } from '../api/user-queries';
import type { BookFor, BookedPerson } from './use-booking-flow';

const SEARCH_DELAY_MS = 250;
/** Option value of an address typed in for someone without an account. */
const NEW_PREFIX = 'new:';

function personOf(user: Pick<User, 'firstname' | 'lastname' | 'email'>): BookedPerson {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return {
    email: user.email,
    name: name || user.email,
    label: name ? `${name} (${user.email})` : user.email,
    isNew: false,
  };
}

interface BookForPickerProps {
  value: BookFor;
  onChange: (value: BookFor) => void;
  /** Shown under the person field after a submit without one. */
  error: string | null;
}

/**
 * "Book for": me, or another person of the organisation found by name or email (space admins).
 * With `allow_booking_nonexist_users` an email address can be typed for someone without an account.
 */
export function BookForPicker({ value, onChange, error }: BookForPickerProps) {
  const { t } = useTranslation();
  const { user, settings } = useSignedInSession();
  const allowNew = settings.allow_booking_nonexist_users === '1';
  const chosen = value.mode === 'other' ? value.person : null;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const results = usePeopleSearch(chosen ? '' : debounced);
  const typed = search.trim().toLowerCase();

  const people = useMemo(
    () => (results.data ?? []).filter((u) => u.id !== user.id).map(personOf),
    [results.data, user.id],
  );
  const options = useMemo(() => {
    const list = chosen && !people.some((p) => p.email === chosen.email) ? [chosen, ...people] : people;
    const items = list.map((p) => ({ value: (p.isNew ? NEW_PREFIX : '') + p.email, label: p.label }));
    const known = list.some((p) => p.email.toLowerCase() === typed);
    if (allowNew && !chosen && isEmail(typed) && !known && typed !== user.email.toLowerCase())
      items.push({ value: NEW_PREFIX + typed, label: t('bookForNewEmail', { email: typed }) });
    return items;
  }, [people, chosen, allowNew, typed, user.email, t]);

  const pick = (option: string | null) => {
    if (!option) return onChange({ mode: 'other', person: null });
    if (option.startsWith(NEW_PREFIX)) {
      const email = option.slice(NEW_PREFIX.length);
      return onChange({ mode: 'other', person: { email, name: email, label: email, isNew: true } });
    }
    onChange({ mode: 'other', person: people.find((p) => p.email === option) ?? chosen });
  };

  const searching = search.trim().length > 0 && !chosen && (results.isFetching || search !== debounced);
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('bookFor')}
        value={value.mode}
        onChange={(mode) => {
          setSearch('');
          onChange(mode === 'other' ? { mode: 'other', person: null } : { mode: 'me' });
        }}
      >
        <Stack gap={6} mt={4}>
          <Radio value="me" label={t('bookForMe')} />
          <Radio value="other" label={t('bookForSomeone')} />
        </Stack>
      </Radio.Group>
      {value.mode === 'other' && (
        <>
          <Select
            label={t('bookForPerson')}
            placeholder={allowNew ? t('bookForPersonOrEmailPlaceholder') : t('bookForPersonPlaceholder')}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('bookForClearPerson') }}
            required
            data={options}
            value={chosen ? (chosen.isNew ? NEW_PREFIX : '') + chosen.email : null}
            searchValue={search}
            onSearchChange={setSearch}
            onChange={pick}
            // The server has filtered already; Mantine must not filter the labels again.
            filter={({ options: all }) => all}
            nothingFoundMessage={debounced.trim() && !searching ? t('bookForNoPeople') : undefined}
            rightSection={searching ? <Loader size={16} /> : undefined}
            comboboxProps={{ withinPortal: true }}
            error={error}
          />
          {chosen?.isNew && (
            <Text fz="sm" c="dimmed">
              {t('bookForNewHint')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
