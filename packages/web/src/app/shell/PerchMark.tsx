import { Group, Text } from '@mantine/core';

/** The Perch mark (a seat at a desk) as in the favicon. Decorative: the text beside it names it. */
export function PerchMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1c7ed6" />
      <path d="M14 40h36M20 40v10M44 40v10" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <circle cx="32" cy="24" r="9" fill="#fff" />
    </svg>
  );
}

/** Mark plus product name. */
export function PerchWordmark({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <PerchMark size={size} />
      <Text component="span" fw={700} fz={size * 0.6} lh={1} style={{ letterSpacing: '-0.02em' }}>
        Perch
      </Text>
    </Group>
  );
}
