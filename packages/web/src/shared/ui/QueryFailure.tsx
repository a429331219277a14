import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { RetryAlert } from './RetryAlert';

interface QueryFailureProps {
  error: unknown;
  onRetry: () => void;
  /** A sentence that says what failed, with the reason in it, instead of "Could not load" and the reason. */
  message?: string;
  /** Inside a card (a preferences section): lighter, with the button beside the reason. */
  compact?: boolean;
}

/** A list or item that could not be loaded, with a way to try again. */
export function QueryFailure({ error, onRetry, message, compact = false }: QueryFailureProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  return (
    <RetryAlert
      compact={compact}
      title={message ? undefined : t('loadFailedTitle')}
      message={message ?? errorMessage(error)}
      onRetry={onRetry}
    />
  );
}
