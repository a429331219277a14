import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';

/** A list or item that could not be loaded, with a way to try again. */
export function QueryFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = useApiErrorMessage();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('loadFailedTitle')} role="alert">
      {message(error)}
      <div>
        <Button variant="light" color="red" size="compact-sm" mt="sm" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      </div>
    </Alert>
  );
}
