import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { barPercent } from './chart-scale';
import classes from './charts.module.css';

export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** The value as people read it (with its unit). */
  valueText: string;
  /** A CSS colour for this bar; the primary colour otherwise. */
  color?: string;
}

interface BarListProps {
  items: readonly BarItem[];
  /** The value at the full length of a bar. */
  top: number;
  /** A line across every bar (the 100 % target), with what it means. */
  marker?: { value: number; label: string };
  label: string;
}

/**
 * Horizontal bars, one per row, each with its label and value as text. Bars grow from the
 * start of the line, so they follow the text direction without mirroring.
 */
export function BarList({ items, top, marker, label }: BarListProps) {
  // At the very end of the bars the marker would only look like their edge.
  const markerAt = marker && marker.value < top ? barPercent(marker.value, top) : null;
  return (
    <ul className={classes.barList} aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className={classes.barRow}>
          <Text fz="sm" truncate title={item.label}>
            {item.label}
          </Text>
          <span className={classes.barValue}>{item.valueText}</span>
          <div className={classes.barTrack} aria-hidden>
            <div
              className={classes.barFill}
              style={{ width: `${barPercent(item.value, top)}%`, '--bar-color': item.color } as CSSProperties}
            />
            {markerAt !== null && (
              <span className={classes.barMarker} style={{ insetInlineStart: `${markerAt}%` }} title={marker?.label} />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
