import { Group, Paper, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';

/** Shows which address is signing in, so the user notices a typo before entering a password. */
export function SignInIdentity({ email }: { email: string }) {
  return (
    <Paper withBorder radius="md" px="sm" py={8} bg="var(--mantine-color-default-hover)">
      <Group gap={8} wrap="nowrap">
        <IconUserCircle size={20} stroke={1.5} aria-hidden />
        <Text fz="sm" fw={500} truncate="end" dir="ltr">
          {email}
        </Text>
      </Group>
    </Paper>
  );
}
