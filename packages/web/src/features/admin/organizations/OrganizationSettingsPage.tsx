import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { useOrganization } from '../api/organization-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { DangerZone } from './DangerZone';
import { OrganizationForm } from './OrganizationForm';
import { PageLoader } from '../../../shared/ui/Loaders';

/**
 * `/admin/settings/org`: the signed-in admin's own organisation (org admins). Deleting it is
 * offered to org admins too: whether the server allows it (ALLOW_ORG_DELETE) is only known when
 * asked, and a refusal is said plainly. A super admin's own organisation cannot be deleted.
 */
export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const org = useOrganization(me.organizationId);
  return (
    <AdminPage
      title={t('navAdminOrganization')}
      description={t('adminOrganizationDescription')}
      trail={[{ label: t('navAdminSettings'), to: '/admin/settings' }]}
    >
      {org.isError && <QueryFailure error={org.error} onRetry={() => void org.refetch()} />}
      {org.isPending && <PageLoader />}
      {org.isSuccess && (
        <Stack gap="lg">
          <OrganizationForm key={org.data.id} org={org.data} />
          <Text fz="sm">
            {t('orgDomainsPointer')}{' '}
            <Anchor component={Link} to="/admin/domains">
              {t('orgManageDomains')}
            </Anchor>
          </Text>
          <DangerZone org={org.data} />
        </Stack>
      )}
    </AdminPage>
  );
}
