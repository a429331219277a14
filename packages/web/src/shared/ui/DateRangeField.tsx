import type { ReactNode } from 'react';
import { DateField } from '../time/DateField';
import type { IsoDate } from '../time/wall-time';

/** A window of whole days, `YYYY-MM-DD` each (either may be `''` while it is being typed). */
export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

export type RangeEnd = keyof DateRange;

interface DateRangeFieldProps {
  fromLabel: string;
  toLabel: string;
  value: DateRange;
  onChange: (end: RangeEnd, day: IsoDate) => void;
  /** Why the range cannot be used; said at the end date. */
  error?: ReactNode;
  clearable?: boolean;
  required?: boolean;
  /** The days the end date may be, and a line under it (the longest range, say). */
  toMin?: IsoDate;
  toMax?: IsoDate;
  toDescription?: string;
  /** Each field's width from the `xs` breakpoint up; full width below. */
  width?: number;
}

/** The first and the last day of a filter or report, as two date fields side by side. */
export function DateRangeField({
  fromLabel,
  toLabel,
  value,
  onChange,
  error,
  clearable = false,
  required = false,
  toMin,
  toMax,
  toDescription,
  width = 170,
}: DateRangeFieldProps) {
  const w = { base: '100%', xs: width };
  return (
    <>
      <DateField
        label={fromLabel}
        value={value.from}
        onChange={(day) => onChange('from', day)}
        clearable={clearable}
        required={required}
        w={w}
      />
      <DateField
        label={toLabel}
        value={value.to}
        min={toMin}
        max={toMax}
        onChange={(day) => onChange('to', day)}
        description={toDescription}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={error}
        clearable={clearable}
        required={required}
        w={w}
      />
    </>
  );
}
