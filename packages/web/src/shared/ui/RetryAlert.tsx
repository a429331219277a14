import { Button, Group, Text, type AlertProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';

interface RetryAlertProps extends Omit<AlertProps, 'color' | 'icon' | 'variant' | 'children'> {
  message: string;
  onRetry: () => void;
  /** "Try again" unless the step has a word of its own ("Start again"). */
  retryLabel?: string;
  /** Inside a card or dialog: lighter, with the button beside the message. */
  compact?: boolean;
}

/** Something failed that may work a second time, with the button that tries it. */
export function RetryAlert({ message, onRetry, retryLabel, compact = false, ...alert }: RetryAlertProps) {
  const { t } = useTranslation();
  const label = retryLabel ?? t('tryAgain');
  if (compact)
    return (
      <ErrorAlert compact {...alert}>
        <Group justify="space-between" gap="xs">
          <Text fz="sm">{message}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {label}
          </Button>
        </Group>
      </ErrorAlert>
    );
  return (
    <ErrorAlert {...alert}>
      {message}
      <div>
        <Button variant="light" color="red" size="compact-sm" mt="sm" onClick={onRetry}>
          {label}
        </Button>
      </div>
    </ErrorAlert>
  );
}
