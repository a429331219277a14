import {
  ActionIcon,
  Button,
  Center,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
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
import { QueryFailure } from '../ui/QueryFailure';
import { useConfirmDelete } from '../ui/use-confirm-delete';
import { GroupNameModal } from './GroupNameModal';
import { MemberPicker, userLabel } from './MemberPicker';

/** `/admin/groups/:groupId`: a group's members, with a picker to add people. */
export function GroupDetailPage() {
  const { groupId = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const group = useGroup(groupId);
  const members = useGroupMembers(groupId);
  const changeMembers = useChangeGroupMembers(groupId);
  const deleteGroup = useDeleteGroup();
  const confirmDelete = useConfirmDelete();
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
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t('members')}
          </Title>
          <MemberPicker memberIds={memberIds} adding={changeMembers.isPending} onAdd={(user) => change(true, user)} />
          {members.isPending && (
            <Center py="lg">
              <Loader role="status" aria-label={t('loading')} />
            </Center>
          )}
          {members.isSuccess && members.data.length === 0 && (
            <Text c="dimmed" fz="sm">
              {t('noMembersYet')}
            </Text>
          )}
          {members.isSuccess && members.data.length > 0 && (
            <Table.ScrollContainer minWidth={420} type="native">
              <Table verticalSpacing="xs" aria-label={t('members')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('name')}</Table.Th>
                    <Table.Th>{t('emailAddress')}</Table.Th>
                    <Table.Th w={60}>
                      <VisuallyHidden>{t('actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {members.data.map((member) => (
                    <Table.Tr key={member.id}>
                      <Table.Td>{`${member.firstname} ${member.lastname}`.trim() || '–'}</Table.Td>
                      <Table.Td>{member.email}</Table.Td>
                      <Table.Td>
                        <Tooltip label={t('removeMemberNamed', { name: userLabel(member) })}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('removeMemberNamed', { name: userLabel(member) })}
                            onClick={() => change(false, member)}
                          >
                            <IconUserMinus size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      {renaming && group.data && <GroupNameModal group={group.data} onClose={() => setRenaming(false)} />}
    </AdminPage>
  );
}
