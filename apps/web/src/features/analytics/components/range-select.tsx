import type { AnalyticsRange } from '@wave/contracts';
import { useId } from 'react';
import { ANALYTICS_RANGES, isAnalyticsRange, rangeLabel } from '../analytics-limits';

/** The range selector: 7, 30 or 90 days (spec part 2: default 30 days). */
export function RangeSelect({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Time range
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isAnalyticsRange(event.target.value)) onChange(event.target.value);
        }}
        className="h-9 rounded-full border border-border bg-background px-3 text-sm font-semibold"
      >
        {ANALYTICS_RANGES.map((range) => (
          <option key={range} value={range}>
            {rangeLabel(range)}
          </option>
        ))}
      </select>
    </div>
  );
}
