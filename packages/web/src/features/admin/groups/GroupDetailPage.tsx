import { Button, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { User } from '@perch/contract';
import { IconPencil, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { NotFoundPage } from '../../../shared/system-pages/NotFoundPage';
import { useChangeGroupMembers, useDeleteGroup, useGroup, useGroupMembers } from '../api/group-queries';
import { isNotFound } from '../api/is-not-found';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { GroupNameModal } from './GroupNameModal';
import { MemberPicker, userLabel } from './MemberPicker';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActions, RowActionsHeader } from '../../../shared/ui/RowActions';
import { RowAction } from '../../../shared/ui/RowAction';
import { Section } from '../../../shared/ui/Section';
import { PageLoader } from '../../../shared/ui/Loaders';
import { EmptyNote } from '../../../shared/ui/EmptyState';

/** `/admin/groups/:groupId`: a group's members, with a picker to add people. */
export function GroupDetailPage() {
  const { groupId = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const group = useGroup(groupId);
  const members = useGroupMembers(groupId);
  const changeMembers = useChangeGroupMembers(groupId);
  const deleteGroup = useDeleteGroup();
  const confirmDelete = useConfirm();
  const errorMessage = useApiErrorMessage();
  const [renaming, setRenaming] = useState(false);
  const memberIds = useMemo(() => new Set((members.data ?? []).map((m) => m.id)), [members.data]);

  const change = (add: boolean, user: User) =>
    changeMembers.mutate(
      { add, userIds: [user.id] },
      {
        onSuccess: async () => {
          await members.refetch();
          notifications.show({
            color: 'teal',
            message: t(add ? 'memberAdded' : 'memberRemoved', { name: userLabel(user) }),
          });
        },
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );

  const askDelete = () =>
    group.data &&
    confirmDelete({
      title: t('deleteNamedQuestion', { name: group.data.name }),
      message: t('confirmDeleteGroupDetail'),
      onConfirm: () =>
        deleteGroup.mutate(groupId, {
          onSuccess: () => navigate('/admin/groups', { replace: true }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });

  if (group.isError && isNotFound(group.error)) return <NotFoundPage />;
  return (
    <AdminPage
      title={group.data?.name ?? t('loading')}
      trail={[{ label: t('navAdminGroups'), to: '/admin/groups' }]}
      actions={
        group.data && (
          <>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setRenaming(true)}
            >
              {t('renameGroup')}
            </Button>
            <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete}>
              {t('deleteGroup')}
            </Button>
          </>
        )
      }
    >
      {group.isError && <QueryFailure error={group.error} onRetry={() => void group.refetch()} />}
      {members.isError && <QueryFailure error={members.error} onRetry={() => void members.refetch()} />}
      <Section title={t('members')}>
        <MemberPicker memberIds={memberIds} adding={changeMembers.isPending} onAdd={(user) => change(true, user)} />
        {members.isPending && <PageLoader py="lg" />}
        {members.isSuccess && members.data.length === 0 && <EmptyNote>{t('noMembersYet')}</EmptyNote>}
        {members.isSuccess && members.data.length > 0 && (
          <DataTable
            minWidth={420}
            framed={false}
            dense
            verticalSpacing="xs"
            aria-label={t('members')}
            head={
              <>
                <Table.Th>{t('name')}</Table.Th>
                <Table.Th>{t('emailAddress')}</Table.Th>
                <RowActionsHeader width={60} />
              </>
            }
          >
            {members.data.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>{`${member.firstname} ${member.lastname}`.trim() || '–'}</Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <RowActions name={userLabel(member)}>
                  <RowAction
                    label={t('removeMemberNamed', { name: userLabel(member) })}
                    Icon={IconUserMinus}
                    danger
                    onClick={() => change(false, member)}
                  />
                </RowActions>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Section>
      {renaming && group.data && <GroupNameModal group={group.data} onClose={() => setRenaming(false)} />}
    </AdminPage>
  );
}
