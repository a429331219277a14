import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isServiceAccount } from '@perch/contract/values';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { NoAccessPage } from '../../../shared/system-pages/NoAccessPage';
import { NotFoundPage } from '../../../shared/system-pages/NotFoundPage';
import { useGroups } from '../api/group-queries';
import { isNotFound } from '../api/is-not-found';
import { useDeleteUser, useGroupsOfUser, useUser } from '../api/user-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { ApiTokenCard } from './ApiTokenCard';
import { awaitsPassword } from './invitation';
import { ResendInvitationButton } from './ResendInvitationButton';
import { mayDeleteUser, mayManageUser } from './role-rules';
import { fullName } from './user-form';
import { UserForm } from './UserForm';
import { SecondFactorsCard } from './SecondFactorsCard';
import { RoleBadge } from './UsersTable';
import { PageLoader } from '../../../shared/ui/Loaders';

/** `/admin/users/new` and `/admin/users/:userId`. */
export function UserEditPage() {
  const { userId } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useSignedInSession();
  const user = useUser(userId);
  const groups = useGroups();
  const memberOf = useGroupsOfUser(userId, groups.data);
  const deleteUser = useDeleteUser();
  const confirmDelete = useConfirm();
  const errorMessage = useApiErrorMessage();

  if (userId && user.isError && isNotFound(user.error)) return <NotFoundPage />;
  if (user.data && !mayManageUser(me, user.data)) return <NoAccessPage />;

  const name = user.data ? fullName(user.data) || user.data.email : '';
  const askDelete = () => {
    const current = user.data;
    if (!current) return;
    confirmDelete({
      title: t('deleteNamedQuestion', { name }),
      message: t('confirmDeleteUser'),
      onConfirm: () =>
        deleteUser.mutate(current.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('userDeleted', { name }) });
            navigate('/admin/users', { replace: true });
          },
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });
  };

  const mayResend = user.data !== undefined && user.data.id !== me.id && awaitsPassword(user.data);
  const mayDelete = user.data !== undefined && mayDeleteUser(me, user.data);
  const failed = [user, groups, memberOf].find((q) => q.isError);
  const ready = groups.isSuccess && (!userId || (user.isSuccess && memberOf.isSuccess));
  return (
    <AdminPage
      title={userId ? name || t('loading') : t('newUser')}
      trail={[{ label: t('navAdminUsers'), to: '/admin/users' }]}
      titleAside={user.data && <RoleBadge role={user.data.role} />}
      actions={
        (mayResend || mayDelete) && (
          <>
            {mayResend && <ResendInvitationButton user={user.data} />}
            {mayDelete && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={askDelete}
              >
                {t('deleteUser')}
              </Button>
            )}
          </>
        )
      }
    >
      {failed && <QueryFailure error={failed.error} onRetry={() => void failed.refetch()} />}
      {!failed && !ready && <PageLoader />}
      {ready && (
        <UserForm
          key={user.data?.id ?? 'new'}
          user={user.data ?? null}
          groups={groups.data}
          memberOf={memberOf.data ?? []}
        />
      )}
      {/* The saved role decides: a service account has an API token, a person second factors. */}
      {ready &&
        user.data &&
        (isServiceAccount(user.data.role) ? <ApiTokenCard user={user.data} /> : <SecondFactorsCard user={user.data} />)}
    </AdminPage>
  );
}
