import { Paper, Table, type MantineBreakpoint, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface DataTableProps extends Omit<TableProps, 'children' | 'visibleFrom'> {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The header row's cells. */
  head: ReactNode;
  caption?: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** In a bordered card of its own; off where a card already frames it. */
  framed?: boolean;
  /** For a table that a list stands in for on small screens. */
  visibleFrom?: MantineBreakpoint;
  /** Tighter rows, for a table inside a card among other content. */
  dense?: boolean;
}

/** A table of records: a header row, the rows, and sideways scrolling on narrow screens. */
export function DataTable({
  minWidth,
  head,
  caption,
  children,
  framed = true,
  visibleFrom,
  dense = false,
  ...table
}: DataTableProps) {
  const spacing = dense ? {} : ({ verticalSpacing: 'sm', horizontalSpacing: 'sm' } as const);
  // Positioned, so that visually hidden labels in the cells scroll with the table instead of
  // widening the page on a phone.
  const scroller = (
    <Table.ScrollContainer minWidth={minWidth} type="native" pos="relative">
      <Table {...spacing} {...table}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  if (!framed) return scroller;
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} visibleFrom={visibleFrom}>
      {scroller}
    </Paper>
  );
}
