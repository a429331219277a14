import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';

/** A form-level error, announced to screen readers as soon as it appears. */
export function FormErrorAlert({ message }: { message: Message | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  return <ErrorAlert compact>{t(message.key, message.values)}</ErrorAlert>;
}
