import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ChartCardProps {
  id: string;
  title: string;
  description?: string;
  /** Selects that change what the chart shows, beside the title. */
  controls?: ReactNode;
  children: ReactNode;
}

/** A titled panel of the dashboard; the title names the region for screen readers. */
export function ChartCard({ id, title, description, controls, children }: ChartCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" id={id}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" fz="sm" mt={2}>
                {description}
              </Text>
            )}
          </div>
          {controls && (
            <Group gap="xs" wrap="wrap">
              {controls}
            </Group>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
