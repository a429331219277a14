import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { isOrgAdmin } from '@perch/contract/values';
import { IconSearchOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { SEARCH_QUERY_MAX, useAdminSearch } from '../api/search-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { searchGroups } from './search-links';
import { SearchField } from '../../../shared/ui/SearchField';

const SEARCH_DELAY_MS = 250;

/** `/admin/search?q=`: everything matching, grouped, each linking to its admin page. */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [input, setInput] = useState(q);
  const [debounced] = useDebouncedValue(input.trim(), SEARCH_DELAY_MS);
  const search = useAdminSearch(q, isOrgAdmin(user.role));
  const groups = useMemo(() => (q.trim() ? searchGroups(search.data) : []), [q, search.data]);

  // The header search may change the address while this page is open.
  useEffect(() => setInput((current) => (current.trim() === q.trim() ? current : q)), [q]);
  useEffect(() => {
    if (debounced !== q.trim()) setParams(debounced ? { q: debounced } : {}, { replace: true });
  }, [debounced, q, setParams]);

  const total = groups.reduce((n, g) => n + g.hits.length, 0);
  return (
    <AdminPage title={t('adminSearchTitle')}>
      <SearchField
        label={t('adminSearch')}
        placeholder={t('adminSearchPlaceholder')}
        value={input}
        maxLength={SEARCH_QUERY_MAX}
        onChange={setInput}
        maw={{ sm: 420 }}
        data-autofocus
      />
      {q.trim() && search.isPending && <Skeleton h={160} radius="lg" />}
      {search.isError && <QueryFailure error={search.error} onRetry={() => void search.refetch()} />}
      {q.trim() && search.isSuccess && (
        <Text fz="sm" c="dimmed" role="status">
          {t('searchResultCount', { count: total, query: q.trim() })}
        </Text>
      )}
      {q.trim() && search.isSuccess && total === 0 && (
        <EmptyState Icon={IconSearchOff} title={t('searchNothingTitle')} body={t('searchNothingBody')} />
      )}
      {groups.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
          {groups.map((group) => (
            <Paper
              key={group.category}
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby={`search-${group.category}`}
            >
              <Title order={2} fz="h4" mb="sm" id={`search-${group.category}`}>
                {t(group.title)}{' '}
                <Text span c="dimmed" fz="sm">
                  ({group.hits.length})
                </Text>
              </Title>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {group.hits.map((hit) => (
                  <li key={hit.id}>
                    <Anchor component={Link} to={hit.to} fw={500}>
                      {hit.label}
                    </Anchor>
                    {hit.detail && (
                      <Text fz="xs" c="dimmed" lineClamp={1}>
                        {hit.detail}
                      </Text>
                    )}
                  </li>
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </AdminPage>
  );
}
