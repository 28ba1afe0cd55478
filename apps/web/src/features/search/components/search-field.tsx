import { Search, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { SearchBox } from '../hooks/use-search-box';
import { MESSAGES } from '../messages';
import { SEARCH_QUERY_MAX_LENGTH } from '../search-limits';

/** The box itself: a labelled combobox, a clear button while there is text, and `actions` (filters). */
export function SearchField({
  box,
  label,
  actions,
}: {
  box: SearchBox;
  label: string;
  actions?: ReactNode;
}) {
  const inputId = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          {...box.inputProps}
          id={inputId}
          placeholder={label}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          className="rounded-full pl-9 pr-10"
        />
        {box.text ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={MESSAGES.clearSearch}
            className="absolute right-1 top-1/2 h-8 w-8 -translate-y-1/2"
            onClick={box.clear}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {actions}
    </div>
  );
}
