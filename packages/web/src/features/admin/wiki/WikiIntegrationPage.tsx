import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useOrgSettings } from '../api/setting-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { wikiStored } from './wiki-settings';
import { WikiSettingsForm } from './WikiSettingsForm';
import { WikiSetupValues } from './WikiSetupValues';
import { PageLoader } from '../../../shared/ui/Loaders';

/**
 * `/admin/settings/wiki`: connecting the team wiki (the embedded mode), for organisation admins:
 * the values the wiki app needs, the shared secret, anonymous visitors and the sites that may
 * show Perch in a frame.
 */
export function WikiIntegrationPage() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const settings = useOrgSettings();
  return (
    <AdminPage
      title={t('wikiIntegrationTitle')}
      description={t('adminWikiDescription')}
      trail={[{ label: t('navAdminSettings'), to: '/admin/settings' }]}
    >
      <Stack gap="lg">
        <WikiSetupValues organizationId={user.organizationId} />
        {settings.isError && <QueryFailure error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.isPending && <PageLoader py={60} />}
        {settings.isSuccess && <WikiSettingsForm stored={wikiStored(settings.data)} />}
      </Stack>
    </AdminPage>
  );
}
