import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { SortState } from './sorting';

interface SortableHeaderProps<K extends string> {
  column: K;
  label: string;
  sort: SortState<K>;
  onSort: (column: K) => void;
  width?: number | string;
  /** Hides the column on narrow screens. */
  visibleFrom?: 'xs' | 'sm' | 'md';
}

/** A column heading that sorts the table; `aria-sort` tells screen readers the current order. */
export function SortableHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  width,
  visibleFrom,
}: SortableHeaderProps<K>) {
  const active = sort.column === column;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      w={width}
      visibleFrom={visibleFrom}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      p={0}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        px="sm"
        py={8}
        w="100%"
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
      >
        {label}
        <Icon size={14} stroke={1.8} aria-hidden style={{ opacity: active ? 1 : 0.45 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
