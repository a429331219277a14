import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../app/ui/EmptyState';
import { PageLayout } from '../../app/ui/PageLayout';

export function SearchPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('navBookSpace')}>
      <EmptyState Icon={IconMapSearch} title={t('searchEmptyTitle')} body={t('searchEmptyBody')} />
    </PageLayout>
  );
}
