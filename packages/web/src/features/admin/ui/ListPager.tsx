import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface ListPagerProps {
  /** "1–50 of 120 …", announced when it changes. */
  range: string;
  /** Name of the page buttons' navigation landmark. */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** The shown page, from 0, and the last one. */
  page: number;
  lastPage: number;
  onPage(page: number): void;
}

/** Below a paged admin list: the range shown and, when there is more than one page, previous and next. */
export function ListPager({ range, label, previousLabel, nextLabel, page, lastPage, onPage }: ListPagerProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {range}
      </Text>
      {lastPage > 0 && (
        <Group gap="xs" role="navigation" aria-label={label}>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconChevronLeft size={16} aria-hidden className="mirror-in-rtl" />}
            disabled={page === 0}
            onClick={() => onPage(page - 1)}
          >
            {previousLabel}
          </Button>
          <Button
            variant="default"
            size="sm"
            rightSection={<IconChevronRight size={16} aria-hidden className="mirror-in-rtl" />}
            disabled={page >= lastPage}
            onClick={() => onPage(page + 1)}
          >
            {nextLabel}
          </Button>
        </Group>
      )}
    </Group>
  );
}
