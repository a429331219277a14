import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { User } from '@perch/contract';
import { isOrgAdmin, isServiceAccount, isSpaceAdmin, isSuperAdmin } from '@perch/contract/values';
import { IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { useInstantFormat } from '../../../shared/time/use-instant-format';
import { SortableHeader } from '../ui/SortableHeader';
import type { SortState } from '../ui/sorting';
import { mayDeleteUser, mayManageUser, roleLabelKey } from './role-rules';
import { fullName } from './user-form';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActions, RowActionsHeader } from '../../../shared/ui/RowActions';

export type UserColumn = 'email' | 'name' | 'role' | 'lastActivity';

interface UsersTableProps {
  users: readonly User[];
  sort: SortState<UserColumn>;
  onSort: (column: UserColumn) => void;
  onDelete: (user: User) => void;
}

export function RoleBadge({ role }: { role: number }) {
  const { t } = useTranslation();
  const key = roleLabelKey(role);
  // Service accounts (whose numbers lie among the admins') get a colour of their own.
  const color = isSuperAdmin(role)
    ? 'grape'
    : isServiceAccount(role)
      ? 'orange'
      : isOrgAdmin(role)
        ? 'blue'
        : isSpaceAdmin(role)
          ? 'teal'
          : 'gray';
  return (
    <Badge
      variant="light"
      color={color}
      style={{ textTransform: 'none' }}
      leftSection={isServiceAccount(role) ? <IconRobot size={12} aria-hidden /> : undefined}
    >
      {key ? t(key) : String(role)}
    </Badge>
  );
}

/** One page of users; people this admin may not manage are listed without links or buttons. */
export function UsersTable({ users, sort, onSort, onDelete }: UsersTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useSignedInSession();
  const format = useInstantFormat();
  const formatActivity = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? format.dateTime(iso) : null);
  return (
    <DataTable
      minWidth={320}
      highlightOnHover
      aria-label={t('navAdminUsers')}
      head={
        <>
          <SortableHeader column="email" label={t('emailAddress')} sort={sort} onSort={onSort} />
          <SortableHeader column="name" label={t('name')} sort={sort} onSort={onSort} visibleFrom="sm" />
          <SortableHeader column="role" label={t('userRole')} sort={sort} onSort={onSort} visibleFrom="sm" />
          <SortableHeader
            column="lastActivity"
            label={t('lastActivity')}
            sort={sort}
            onSort={onSort}
            visibleFrom="md"
          />
          <RowActionsHeader width={92} />
        </>
      }
    >
      {users.map((user) => {
        const manageable = mayManageUser(me, user);
        const label = fullName(user) || user.email;
        const editPath = `/admin/users/${user.id}`;
        const activity = formatActivity(user.lastActivity);
        return (
          <Table.Tr
            key={user.id}
            onClick={manageable ? () => navigate(editPath) : undefined}
            style={manageable ? { cursor: 'pointer' } : undefined}
          >
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {manageable ? (
                <Anchor component={Link} to={editPath} fw={500} onClick={(e) => e.stopPropagation()}>
                  {user.email}
                </Anchor>
              ) : (
                <Text fw={500} span>
                  {user.email}
                </Text>
              )}
              {user.id === me.id && (
                <Badge variant="outline" color="gray" size="sm" ms="xs" style={{ textTransform: 'none' }}>
                  {t('youBadge')}
                </Badge>
              )}
              {user.passwordPending && (
                <Badge variant="dot" color="orange" size="sm" ms="xs" style={{ textTransform: 'none' }}>
                  {t('invitationPending')}
                </Badge>
              )}
              {/* Phones have no room for the name and role columns: they go under the email. */}
              <Group gap="xs" mt={4} hiddenFrom="sm" wrap="wrap">
                {fullName(user) && (
                  <Text fz="sm" c="dimmed">
                    {fullName(user)}
                  </Text>
                )}
                <RoleBadge role={user.role} />
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="sm">{fullName(user) || '–'}</Table.Td>
            <Table.Td visibleFrom="sm">
              <RoleBadge role={user.role} />
            </Table.Td>
            <Table.Td visibleFrom="md">
              {activity ?? (
                <Text c="dimmed" fz="sm" span>
                  {t('neverActive')}
                </Text>
              )}
            </Table.Td>
            <RowActions
              name={label}
              onEdit={manageable ? editPath : undefined}
              onDelete={manageable && mayDeleteUser(me, user) ? () => onDelete(user) : undefined}
              keepDeleteSlot={manageable}
            />
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
