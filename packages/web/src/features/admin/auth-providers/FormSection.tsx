import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the provider form. */
export function FormSection({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb={intro ? 4 : 'md'}>
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" fz="sm" mb="md">
          {intro}
        </Text>
      )}
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}
