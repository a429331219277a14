import { Badge, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { NotFoundPage } from '../../../shared/system-pages/NotFoundPage';
import { isNotFound } from '../api/is-not-found';
import { useOrganization } from '../api/organization-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { DangerZone } from './DangerZone';
import { DomainsSection } from './DomainsSection';
import { OrganizationForm } from './OrganizationForm';
import { PageLoader } from '../../../shared/ui/Loaders';

/** `/admin/organizations/new`. */
function NewOrganizationPage() {
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t('orgNew')}
      description={t('orgNewDescription')}
      trail={[{ label: t('navAdminOrganizations'), to: '/admin/organizations' }]}
    >
      <OrganizationForm org={null} />
    </AdminPage>
  );
}

/** `/admin/organizations/:orgId`: details, domains and deletion of one organisation (super admins). */
function ExistingOrganizationPage({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const org = useOrganization(orgId);
  if (org.isError && isNotFound(org.error)) return <NotFoundPage />;
  return (
    <AdminPage
      title={org.data?.name ?? t('loading')}
      trail={[{ label: t('navAdminOrganizations'), to: '/admin/organizations' }]}
      titleAside={
        org.data?.id === me.organizationId && (
          <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
            {t('orgYours')}
          </Badge>
        )
      }
    >
      {org.isError && <QueryFailure error={org.error} onRetry={() => void org.refetch()} />}
      {org.isPending && <PageLoader />}
      {org.isSuccess && (
        <Stack gap="lg">
          <OrganizationForm key={org.data.id} org={org.data} />
          <DomainsSection orgId={org.data.id} title={t('navAdminDomains')} />
          <DangerZone org={org.data} />
        </Stack>
      )}
    </AdminPage>
  );
}

export function OrganizationPage() {
  const { orgId } = useParams();
  return orgId ? <ExistingOrganizationPage orgId={orgId} /> : <NewOrganizationPage />;
}
