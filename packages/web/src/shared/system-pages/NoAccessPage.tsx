import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from './StatusMessage';

export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      Icon={IconLock}
      title={t('noAccessTitle')}
      body={t('noAccessBody')}
      framed
      action={
        <Button component={Link} to="/search">
          {t('goToStart')}
        </Button>
      }
    />
  );
}
