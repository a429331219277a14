import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  Icon: Icon;
  title: string;
  body: string;
  action?: ReactNode;
  /** Heading level: 2 under a page title, 1 when the panel is the whole page. */
  headingOrder?: 1 | 2 | 3;
}

/** A friendly "nothing here yet" panel with a hint of what to do. */
export function EmptyState({ Icon, title, body, action, headingOrder = 2 }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center" maw={460} mx="auto">
        <ThemeIcon size={64} radius="xl" variant="light">
          <Icon size={32} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={headingOrder} fz="h3" mt="xs">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        {action && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{action}</div>}
      </Stack>
    </Paper>
  );
}

/** The short "nothing here" line of a list inside a card, where a whole empty-state panel would be too much. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" fz="sm">
      {children}
    </Text>
  );
}
