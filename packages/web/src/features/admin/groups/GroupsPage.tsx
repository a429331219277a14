import { Anchor, Badge, Button, Skeleton, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Group } from '@perch/contract';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useDeleteGroup, useGroups } from '../api/group-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { SortableHeader } from '../ui/SortableHeader';
import { matchesQuery, nextSort, sortRows, type SortState } from '../ui/sorting';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { GroupNameModal } from './GroupNameModal';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActions, RowActionsHeader } from '../../../shared/ui/RowActions';
import { SearchField } from '../../../shared/ui/SearchField';

type GroupColumn = 'name' | 'members';

/** `/admin/groups`: who may book or approve what is decided by group. Organisation admins only. */
export function GroupsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const groups = useGroups();
  const deleteGroup = useDeleteGroup();
  const confirmDelete = useConfirm();
  const errorMessage = useApiErrorMessage();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [sort, setSort] = useState<SortState<GroupColumn>>({ column: 'name', direction: 'asc' });
  const rows = useMemo(
    () =>
      sortRows(
        (groups.data ?? []).filter((g) => matchesQuery(query, g.name)),
        sort,
        (g, c) => (c === 'name' ? g.name : g.userCount),
        i18n.language,
      ),
    [groups.data, query, sort, i18n.language],
  );
  const onSort = (column: GroupColumn) => setSort((s) => nextSort(s, column));

  const askDelete = (group: Group) =>
    confirmDelete({
      title: t('deleteNamedQuestion', { name: group.name }),
      message: t('confirmDeleteGroupDetail'),
      onConfirm: () =>
        deleteGroup.mutate(group.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('groupDeleted', { name: group.name }) }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });

  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      {t('newGroup')}
    </Button>
  );
  const empty = groups.isSuccess && groups.data.length === 0;
  return (
    <AdminPage
      title={t('navAdminGroups')}
      description={t('adminGroupsDescription')}
      actions={groups.isSuccess && !empty && newButton}
    >
      {groups.isPending && <Skeleton h={160} radius="lg" />}
      {groups.isError && <QueryFailure error={groups.error} onRetry={() => void groups.refetch()} />}
      {empty && (
        <EmptyState
          Icon={IconUsersGroup}
          title={t('groupsEmptyTitle')}
          body={t('groupsEmptyBody')}
          action={newButton}
        />
      )}
      {groups.isSuccess && !empty && (
        <>
          <SearchField label={t('searchGroups')} value={query} onChange={setQuery} maw={360} />
          <DataTable
            minWidth={320}
            highlightOnHover
            head={
              <>
                <SortableHeader column="name" label={t('name')} sort={sort} onSort={onSort} />
                <SortableHeader column="members" label={t('members')} sort={sort} onSort={onSort} width={140} />
                <RowActionsHeader width={100} />
              </>
            }
          >
            {rows.map((group) => (
              <Table.Tr
                key={group.id}
                onClick={() => navigate(`/admin/groups/${group.id}`)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/admin/groups/${group.id}`}
                    fw={600}
                    onClick={(e) => e.stopPropagation()}
                  >
                    {group.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {group.userCount}
                  </Badge>
                </Table.Td>
                <RowActions
                  name={group.name}
                  rename
                  onEdit={() => setEditing(group)}
                  onDelete={() => askDelete(group)}
                />
              </Table.Tr>
            ))}
          </DataTable>
        </>
      )}
      {editing && (
        <GroupNameModal
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            if (editing === 'new') navigate(`/admin/groups/${id}`);
          }}
        />
      )}
    </AdminPage>
  );
}
