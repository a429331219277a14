import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { buddiesEnabled } from '../../app/session/session-data';
import { EmptyState } from '../../app/ui/EmptyState';
import { PageLayout } from '../../app/ui/PageLayout';
import { NotFoundPage } from '../system/NotFoundPage';

export function BuddiesPage() {
  const { t } = useTranslation();
  const { settings } = useSignedInSession();
  // With buddies switched off for the organisation the page does not exist.
  if (!buddiesEnabled(settings)) return <NotFoundPage />;
  return (
    <PageLayout title={t('navBuddies')}>
      <EmptyState Icon={IconUsersGroup} title={t('buddiesEmptyTitle')} body={t('buddiesEmptyBody')} />
    </PageLayout>
  );
}
