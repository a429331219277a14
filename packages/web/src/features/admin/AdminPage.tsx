import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { EmptyState } from '../../app/ui/EmptyState';
import { PageLayout } from '../../app/ui/PageLayout';

export function AdminPage() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  return (
    <PageLayout title={t('navAdministration')}>
      <EmptyState
        Icon={IconBuildingCommunity}
        title={t('adminEmptyTitle', { org: user.organization.name })}
        body={t('adminEmptyBody')}
      />
    </PageLayout>
  );
}
