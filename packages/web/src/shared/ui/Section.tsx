import { Group, Paper, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

interface SectionProps {
  title: string;
  /** A line under the title: what the section is for. */
  intro?: ReactNode;
  /** An icon before the title (the snug panels of the preferences). */
  Icon?: Icon;
  /** Beside the title: a status badge or a button. */
  aside?: ReactNode;
  /**
   * Makes the card a region named by its title (a section that stands on its own in the page);
   * give the heading's id when something else points at it, or `true` for a made-up one.
   */
  labelled?: string | true;
  /** The snug look of a panel among others (preferences) instead of a roomy form card. */
  compact?: boolean;
  /** Space between the intro and the content, and within the content. */
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A titled card that holds one part of a form or page. */
export function Section({ title, intro, Icon, aside, labelled, compact = false, gap, children }: SectionProps) {
  const madeUpId = useId();
  const headingId = labelled === true ? madeUpId : labelled;
  const heading = (
    <Title order={2} fz="h4" id={headingId}>
      {title}
    </Title>
  );
  const titled = Icon ? (
    <Group gap="xs" wrap="nowrap">
      <Icon size={20} aria-hidden style={{ flexShrink: 0 }} />
      {heading}
    </Group>
  ) : (
    heading
  );
  const header = aside ? (
    <Group justify="space-between" align="center" gap="xs">
      {titled}
      {aside}
    </Group>
  ) : (
    titled
  );
  const region = headingId ? { component: 'section' as const, 'aria-labelledby': headingId } : {};

  if (compact)
    return (
      <Paper withBorder p="md" radius="md" {...region}>
        <Stack gap={gap ?? 'md'}>
          <Stack gap={4}>
            {header}
            {intro && (
              <Text fz="sm" c="dimmed">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    );
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} {...region}>
      <Stack gap={4} mb={gap ?? 'md'}>
        {header}
        {intro && (
          <Text c="dimmed" fz="sm">
            {intro}
          </Text>
        )}
      </Stack>
      <Stack gap={gap ?? 'md'}>{children}</Stack>
    </Paper>
  );
}
