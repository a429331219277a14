import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Why the chosen window cannot be booked; the page still shows the spaces. */
export function HintBanner({ messages }: { messages: readonly string[] }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title={t('cannotBookTitle')}
      role="alert"
    >
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm">
          {messages.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
