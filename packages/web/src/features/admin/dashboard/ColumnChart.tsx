import { Table, Text, VisuallyHidden } from '@mantine/core';
import { barPercent, valueAxis } from './chart-scale';
import classes from './charts.module.css';

export interface ChartDatum {
  /** Under the bar; keep it short. */
  label: string;
  /** In the data table for screen readers, when the short label is an abbreviation. */
  fullLabel?: string;
  value: number;
}

interface ColumnChartProps {
  data: readonly ChartDatum[];
  /** Names the two columns of the data table that screen readers get instead of the drawing. */
  labelHeading: string;
  valueHeading: string;
  format: (value: number) => string;
}

/**
 * Vertical bars with a value axis. Drawn in HTML, so it follows the text direction (right to
 * left in Hebrew); a visually hidden table carries the same numbers for assistive technology.
 */
export function ColumnChart({ data, labelHeading, valueHeading, format }: ColumnChartProps) {
  const axis = valueAxis(Math.max(0, ...data.map((d) => d.value)));
  return (
    <>
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
            <div key={d.label} className={classes.column}>
              <div className={classes.columnTrack}>
                <div className={classes.columnBar} style={{ height: `${barPercent(d.value, axis.top)}%` }}>
                  <span className={classes.columnValue}>{format(d.value)}</span>
                </div>
              </div>
            </div>
          ))}
        </div>
        <div />
        <div className={classes.columnLabels}>
          {data.map((d) => (
            <Text key={d.label} fz="xs" c="dimmed" ta="center" truncate>
              {d.label}
            </Text>
          ))}
        </div>
      </div>
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
              <Table.Tr key={d.label}>
                <Table.Td>{d.fullLabel ?? d.label}</Table.Td>
                <Table.Td>{format(d.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
