import { useTranslation } from 'react-i18next';
import { useOrgSettings } from '../api/setting-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { settingsValues } from './settings-form';
import { SettingsForm } from './SettingsForm';
import { PageLoader } from '../../../shared/ui/Loaders';
import { useTimezones } from '../../../shared/api/timezone-queries';

/** `/admin/settings`: the organisation's rules and options. Organisation admins only. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useOrgSettings();
  const timezones = useTimezones();
  const failed = [settings, timezones].find((q) => q.isError);
  return (
    <AdminPage title={t('navAdminSettings')} description={t('adminSettingsDescription')}>
      {failed && <QueryFailure error={failed.error} onRetry={() => void failed.refetch()} />}
      {!failed && (!settings.isSuccess || !timezones.isSuccess) && <PageLoader />}
      {settings.isSuccess && timezones.isSuccess && (
        <SettingsForm initial={settingsValues(settings.data)} timezones={timezones.data} />
      )}
    </AdminPage>
  );
}
