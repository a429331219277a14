import { Button } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../app/ui/EmptyState';
import { PageLayout } from '../../app/ui/PageLayout';

export function BookingsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('navMyBookings')}>
      <EmptyState
        Icon={IconCalendarOff}
        title={t('bookingsEmptyTitle')}
        body={t('bookingsEmptyBody')}
        action={
          <Button component={Link} to="/search">
            {t('navBookSpace')}
          </Button>
        }
      />
    </PageLayout>
  );
}
