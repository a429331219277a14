import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';

/** A form-level error, announced to screen readers as soon as it appears. */
export function FormErrorAlert({ message }: { message: Message | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
      {t(message.key, message.values)}
    </Alert>
  );
}
