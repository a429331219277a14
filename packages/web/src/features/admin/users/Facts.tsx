import { Box, SimpleGrid, Text } from '@mantine/core';
import { type ReactNode } from 'react';

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
