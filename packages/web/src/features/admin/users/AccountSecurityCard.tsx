import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled card under the user form (the API token, the second factors). */
export function AccountSecurityCard({
  title,
  aside,
  children,
}: {
  title: string;
  /** Beside the title (a status badge). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="xs" mb="md">
        <Title order={2} fz="h4" id={titleId}>
          {title}
        </Title>
        {aside}
      </Group>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** Facts as a description list: a label and its value per cell. */
export function Facts({ items, label }: { items: { label: string; value: ReactNode }[]; label?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0} aria-label={label}>
      {items.map((item) => (
        <Box key={item.label}>
          <Text component="dt" fz="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {item.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
