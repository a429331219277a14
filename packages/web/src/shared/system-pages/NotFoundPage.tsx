import { Button } from '@mantine/core';
import { IconMapPinQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from './StatusMessage';

export function NotFoundPage({ framed = true }: { framed?: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusMessage
      Icon={IconMapPinQuestion}
      title={t('pageNotFoundTitle')}
      body={t('pageNotFoundBody')}
      framed={framed}
      action={
        <Button component={Link} to="/">
          {t('goToStart')}
        </Button>
      }
    />
  );
}
