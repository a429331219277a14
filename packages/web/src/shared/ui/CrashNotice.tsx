import { Button } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

export function CrashNotice() {
  const { t } = useTranslation();
  return (
    <EmptyState
      Icon={IconMoodSad}
      title={t('crashTitle')}
      body={t('crashBody')}
      headingOrder={2}
      action={<Button onClick={() => window.location.reload()}>{t('reload')}</Button>}
    />
  );
}
