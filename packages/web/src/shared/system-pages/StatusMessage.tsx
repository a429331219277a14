import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../ui/EmptyState';
import { usePageTitle } from '../ui/use-page-title';

interface StatusMessageProps {
  Icon: Icon;
  title: string;
  body: string;
  action: ReactNode;
  /** Inside the signed-in layout the message gets its own panel; the public layout has a card already. */
  framed: boolean;
}

/** A whole-page message such as "not found" or "no access"; its title is the page heading. */
export function StatusMessage({ Icon, title, body, action, framed }: StatusMessageProps) {
  usePageTitle(title);
  if (framed) return <EmptyState Icon={Icon} title={title} body={body} action={action} headingOrder={1} />;
  return (
    <Stack align="center" gap="sm" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light">
        <Icon size={32} stroke={1.5} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz="h3" mt="xs">
        {title}
      </Title>
      <Text c="dimmed">{body}</Text>
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{action}</div>
    </Stack>
  );
}
