import { Table, Text, VisuallyHidden } from '@mantine/core';
import { barPercent, valueAxis } from './chart-scale';
import classes from './charts.module.css';

export interface ChartDatum {
  /** Under the bar; keep it short. */
  label: string;
  /** In the data table for screen readers, when the short label is an abbreviation. */
  fullLabel?: string;
  /** Tells the columns apart when labels may repeat; the label otherwise. */
  key?: string;
  value: number;
  /** Shown instead of the formatted value (a dash for a column without data, say). */
  valueText?: string;
  /** Read in the data table instead of the shown value, when that needs words (a dash). */
  valueDescription?: string;
}

interface ColumnChartProps {
  data: readonly ChartDatum[];
  /** Names the two columns of the data table that screen readers get instead of the drawing. */
  labelHeading: string;
  valueHeading: string;
  format: (value: number) => string;
  /** The least top of the value axis (100 for percentages), else it fits the largest value. */
  axisTop?: number;
  /**
   * Many columns (a day each): each keeps a readable width and the chart scrolls sideways when
   * they do not fit; the scrolling box is named by this label for keyboard users.
   */
  scrollLabel?: string;
}

/**
 * Vertical bars with a value axis. Drawn in HTML, so it follows the text direction (right to
 * left in Hebrew); a visually hidden table carries the same numbers for assistive technology.
 */
export function ColumnChart({ data, labelHeading, valueHeading, format, axisTop = 0, scrollLabel }: ColumnChartProps) {
  const axis = valueAxis(Math.max(0, ...data.map((d) => d.value)), 4, axisTop);
  const keyOf = (d: ChartDatum) => d.key ?? d.label;
  const textOf = (d: ChartDatum) => d.valueText ?? format(d.value);
  const drawing = (
    <div className={classes.columnChart} aria-hidden>
      <div className={classes.axis}>
        {[...axis.ticks].reverse().map((tick) => (
          <span key={tick} className={classes.tickLabel} style={{ bottom: `${barPercent(tick, axis.top)}%` }}>
            {format(tick)}
          </span>
        ))}
      </div>
      <div className={classes.plot}>
        {axis.ticks.map((tick) => (
          <span key={tick} className={classes.gridline} style={{ bottom: `${barPercent(tick, axis.top)}%` }} />
        ))}
        {data.map((d) => (
          <div key={keyOf(d)} className={classes.column}>
            <div className={classes.columnTrack}>
              <div className={classes.columnBar} style={{ height: `${barPercent(d.value, axis.top)}%` }}>
                <span className={classes.columnValue}>{textOf(d)}</span>
              </div>
            </div>
          </div>
        ))}
      </div>
      <div />
      <div className={classes.columnLabels}>
        {data.map((d) => (
          <Text key={keyOf(d)} fz="xs" c="dimmed" ta="center" truncate>
            {d.label}
          </Text>
        ))}
      </div>
    </div>
  );
  return (
    <>
      {scrollLabel ? (
        <div className={classes.columnScroll} tabIndex={0} role="group" aria-label={scrollLabel}>
          {drawing}
        </div>
      ) : (
        drawing
      )}
      <VisuallyHidden>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{labelHeading}</Table.Th>
              <Table.Th>{valueHeading}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((d) => (
              <Table.Tr key={keyOf(d)}>
                <Table.Td>{d.fullLabel ?? d.label}</Table.Td>
                <Table.Td>{d.valueDescription ?? textOf(d)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
