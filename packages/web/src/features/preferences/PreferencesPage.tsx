import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../app/ui/EmptyState';
import { PageLayout } from '../../app/ui/PageLayout';

export function PreferencesPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('navPreferences')}>
      <EmptyState
        Icon={IconAdjustmentsHorizontal}
        title={t('preferencesEmptyTitle')}
        body={t('preferencesEmptyBody')}
      />
    </PageLayout>
  );
}
