import { Stack, Text, Title } from '@mantine/core';

/** The heading of a sign-in step, with an optional line under it. */
export function StepHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" fz="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
