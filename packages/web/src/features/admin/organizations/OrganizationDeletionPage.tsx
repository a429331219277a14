import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '@perch/client';
import { isSuperAdmin } from '@perch/contract/values';
import { IconAlertTriangle, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession, useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useConfirmOrganizationDeletion } from '../api/organization-queries';
import { AdminPage } from '../ui/AdminPage';
import { CodeField } from './CodeField';
import { normaliseCode, validateCode } from './organization-form';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

/**
 * `/admin/organizations/delete/:stateId`: the page behind the link of the deletion mail. The admin
 * who asked enters the code the app showed them then; the organisation goes for good.
 *
 * It sits behind the sign-in like every admin page: the mail goes to the admin who asked, and a
 * signed-out visitor is brought back here after signing in. An org admin deleting their own
 * organisation loses their account with it, so the page then offers only to sign out.
 */
export function OrganizationDeletionPage() {
  const { stateId = '' } = useParams();
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const { signOut } = useSession();
  const confirm = useConfirmOrganizationDeletion();
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const form = useForm({ initialValues: { code: '' }, validate: { code: validateCode } });
  const superAdmin = isSuperAdmin(me.role);

  const submit = form.onSubmit(({ code }) => {
    setFailure(null);
    confirm.mutate(
      { stateId, code: normaliseCode(code) },
      {
        onSuccess: () => setDeleted(true),
        onError: (error) =>
          setFailure(
            error instanceof ApiError && error.status === 404 ? t('orgDeletionWrongCode') : errorMessage(error),
          ),
      },
    );
  });

  return (
    <AdminPage
      title={t('orgDeletionTitle')}
      trail={superAdmin ? [{ label: t('navAdminOrganizations'), to: '/admin/organizations' }] : []}
    >
      {deleted ? (
        <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden />} title={t('orgDeletionDone')} role="status">
          <Stack gap="sm">
            <Text size="sm">{superAdmin ? t('orgDeletionDoneBody') : t('orgDeletionDoneOwn')}</Text>
            <div>
              {superAdmin ? (
                <Button component={Link} to="/admin/organizations" variant="light">
                  {t('orgDeletionBack')}
                </Button>
              ) : (
                <Button variant="light" onClick={() => void signOut()}>
                  {t('signOut')}
                </Button>
              )}
            </div>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Alert color="yellow" icon={<IconAlertTriangle size={20} aria-hidden />} role="note">
                {t('orgDeletionWarning')}
              </Alert>
              <Text size="sm">{t('orgDeletionIntro')}</Text>
              {failure && <ErrorAlert title={t('orgDeletionFailedTitle')}>{failure}</ErrorAlert>}
              <CodeField form={form} label={t('orgDeleteCode')} autoComplete="off" w={{ base: '100%', xs: 220 }} />
              <Group>
                <Button
                  type="submit"
                  color="red"
                  loading={confirm.isPending}
                  leftSection={<IconTrash size={16} aria-hidden />}
                >
                  {t('orgDeletionConfirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </AdminPage>
  );
}
