import type { ChangeEvent } from 'react';
import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { MESSAGES } from '../messages';
import type { SearchFilters } from '../search-filters';
import {
  DATE_RANGE_LABELS,
  isSearchDateRange,
  isSearchType,
  isSearchVerifiedFilter,
  SEARCH_TYPE_LABELS,
  VERIFIED_FILTER_LABELS,
} from '../search-filters';
import { SEARCH_DATE_RANGES, SEARCH_TYPES, SEARCH_VERIFIED_FILTERS } from '../search-limits';

const selectClass =
  'h-9 w-full rounded-lg border border-border bg-background px-2 text-sm text-foreground';

function FilterSelect<T extends string>({
  label,
  value,
  values,
  labels,
  isValue,
  onChange,
}: {
  label: string;
  value: T;
  values: readonly T[];
  labels: Record<T, string>;
  isValue: (value: string) => value is T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value}
        className={selectClass}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          if (isValue(event.target.value)) onChange(event.target.value);
        }}
      >
        {values.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filter's three controls (spec part 1, section 9): type, date range and verification. */
export function SearchFilterFields({
  id,
  filters,
  onChange,
  className,
}: {
  id?: string;
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  className?: string;
}) {
  return (
    <div
      id={id}
      role="group"
      aria-label={MESSAGES.filtersGroup}
      className={cn('grid gap-3', className)}
    >
      <FilterSelect
        label={MESSAGES.typeLabel}
        value={filters.type}
        values={SEARCH_TYPES}
        labels={SEARCH_TYPE_LABELS}
        isValue={isSearchType}
        onChange={(type) => onChange({ ...filters, type })}
      />
      <FilterSelect
        label={MESSAGES.dateRangeLabel}
        value={filters.dateRange}
        values={SEARCH_DATE_RANGES}
        labels={DATE_RANGE_LABELS}
        isValue={isSearchDateRange}
        onChange={(dateRange) => onChange({ ...filters, dateRange })}
      />
      <FilterSelect
        label={MESSAGES.verifiedLabel}
        value={filters.verified}
        values={SEARCH_VERIFIED_FILTERS}
        labels={VERIFIED_FILTER_LABELS}
        isValue={isSearchVerifiedFilter}
        onChange={(verified) => onChange({ ...filters, verified })}
      />
    </div>
  );
}
