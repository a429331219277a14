import { Button } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from './StatusMessage';

/** Tries again this often on its own while the page is shown. */
const RETRY_EVERY_MS = 15_000;

/**
 * Shown at start when the user was signed in but the server could not be reached: the
 * credentials are kept, and the app tries again by itself, when the device comes back online
 * and on request.
 */
export function ServerUnreachablePage({ onRetry }: { onRetry: () => Promise<void> }) {
  const { t } = useTranslation();
  const [trying, setTrying] = useState(false);

  useEffect(() => {
    let busy = false;
    const attempt = () => {
      if (busy) return;
      busy = true;
      setTrying(true);
      void onRetry().finally(() => {
        busy = false;
        setTrying(false);
      });
    };
    const timer = window.setInterval(attempt, RETRY_EVERY_MS);
    window.addEventListener('online', attempt);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', attempt);
    };
  }, [onRetry]);

  return (
    <StatusMessage
      Icon={IconCloudOff}
      title={t('serverUnreachableTitle')}
      body={t('serverUnreachableBody')}
      framed={false}
      action={
        <Button
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={trying}
          onClick={() => {
            setTrying(true);
            void onRetry().finally(() => setTrying(false));
          }}
        >
          {t('tryAgain')}
        </Button>
      }
    />
  );
}
