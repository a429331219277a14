import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { User } from '@perch/contract';
import { IconChevronLeft, IconChevronRight, IconUserPlus, IconUserSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { USERS_PAGE_SIZE, useDeleteUser, useUserCount, useUsersPage } from '../api/user-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { nextSort, sortRows, type SortState } from '../ui/sorting';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { fullName } from './user-form';
import { UsersTable, type UserColumn } from './UsersTable';
import { SearchField } from '../../../shared/ui/SearchField';

const SEARCH_DELAY_MS = 300;

function sortValue(user: User, column: UserColumn): string | number {
  if (column === 'name') return fullName(user);
  if (column === 'role') return user.role;
  if (column === 'lastActivity') return user.lastActivity ? Date.parse(user.lastActivity) : 0;
  return user.email;
}

/** `/admin/users`: everyone in the organisation, a page at a time. Organisation admins only. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [sort, setSort] = useState<SortState<UserColumn>>({ column: 'email', direction: 'asc' });
  const users = useUsersPage(q, page);
  const count = useUserCount();
  const deleteUser = useDeleteUser();
  const confirmDelete = useConfirm();
  const errorMessage = useApiErrorMessage();

  // The address holds the search and the page, so returning from a user finds the list as it was.
  useEffect(() => {
    if (debounced === q) return;
    setParams(debounced ? { q: debounced } : {}, { replace: true });
  }, [debounced, q, setParams]);

  const goToPage = (next: number) =>
    setParams(
      (current) => {
        if (next > 0) current.set('page', String(next));
        else current.delete('page');
        return current;
      },
      { replace: true },
    );

  const rows = useMemo(
    () => sortRows(users.data?.users ?? [], sort, sortValue, i18n.language),
    [users.data, sort, i18n.language],
  );

  const askDelete = (user: User) => {
    const name = fullName(user) || user.email;
    confirmDelete({
      title: t('deleteNamedQuestion', { name }),
      message: t('confirmDeleteUser'),
      onConfirm: () =>
        deleteUser.mutate(user.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('userDeleted', { name }) });
            // The last person of a later page is gone: step back instead of showing an empty page.
            if (rows.length === 1 && page > 0) goToPage(page - 1);
          },
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });
  };

  const from = page * USERS_PAGE_SIZE + 1;
  const to = page * USERS_PAGE_SIZE + rows.length;
  const total = !q && count.isSuccess ? count.data : null;
  const paged = page > 0 || users.data?.hasMore === true;
  return (
    <AdminPage
      title={t('navAdminUsers')}
      description={t('adminUsersDescription')}
      actions={
        <Button component={Link} to="/admin/users/new" leftSection={<IconUserPlus size={18} aria-hidden />}>
          {t('newUser')}
        </Button>
      }
    >
      <SearchField
        label={t('searchUsers')}
        placeholder={t('searchUsersPlaceholder')}
        value={search}
        onChange={setSearch}
        maw={{ sm: 360 }}
      />
      {users.isPending && <Skeleton h={240} radius="lg" />}
      {users.isError && <QueryFailure error={users.error} onRetry={() => void users.refetch()} />}
      {users.isSuccess && rows.length === 0 && (
        <EmptyState Icon={IconUserSearch} title={t('usersNoMatchTitle', { query: q })} body={t('usersNoMatchBody')} />
      )}
      {users.isSuccess && rows.length > 0 && (
        <>
          <UsersTable users={rows} sort={sort} onSort={(c) => setSort((s) => nextSort(s, c))} onDelete={askDelete} />
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm" c="dimmed" aria-live="polite">
              {total === null ? t('usersShownRange', { from, to }) : t('usersShownRangeOfTotal', { from, to, total })}
              {paged && sort.column !== 'email' && ` ${t('usersSortWithinPage')}`}
            </Text>
            {paged && (
              <Group gap="xs" role="navigation" aria-label={t('usersPages')}>
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconChevronLeft size={16} aria-hidden className="mirror-in-rtl" />}
                  disabled={page === 0}
                  onClick={() => goToPage(page - 1)}
                >
                  {t('usersPreviousPage')}
                </Button>
                <Button
                  variant="default"
                  size="sm"
                  rightSection={<IconChevronRight size={16} aria-hidden className="mirror-in-rtl" />}
                  disabled={!users.data.hasMore}
                  onClick={() => goToPage(page + 1)}
                >
                  {t('usersNextPage')}
                </Button>
              </Group>
            )}
          </Group>
        </>
      )}
    </AdminPage>
  );
}
