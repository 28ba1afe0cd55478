import { SlidersHorizontal } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useOutsidePress } from '../../../hooks/use-outside-press';
import { useSearchBox } from '../hooks/use-search-box';
import { MESSAGES } from '../messages';
import { isDefaultFilters } from '../search-filters';
import { SearchField } from './search-field';
import { SearchFilterFields } from './search-filter-fields';
import { SearchResults } from './search-results';

/**
 * The right sidebar's search (spec part 1, sections 2 and 4): the results drop
 * down under the box; a user result opens the profile, a post its page, a
 * hashtag only closes the dropdown; Enter on the text itself opens Explore with it. The filter button toggles the filter
 * panel, which closes on a press outside it (or Escape), and on choosing a
 * result.
 *
 * The open panel pushes the dropdown down, so a press on the dropdown is not
 * "outside" the panel: closing the panel on pointerdown there would move the
 * results up under the pointer, and the click would land on something else
 * (or nothing) instead of the pressed result. Choosing the result closes it.
 */
export function SidebarSearch() {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const filterButtonRef = useRef<HTMLButtonElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const navigate = useNavigate();
  const box = useSearchBox({
    onChoose: () => {
      // The focus may be on one of the panel's fields: keep it in the search, not on the page.
      if (panelRef.current?.contains(document.activeElement)) filterButtonRef.current?.focus();
      closeFilters();
    },
    // Enter on the text opens Explore with it: the whole page of results, with the feed.
    onSubmit: (text) => {
      closeFilters();
      void navigate(paths.explore.getHref(text));
    },
  });
  useOutsidePress([panelRef, filterButtonRef, resultsRef], filtersOpen, closeFilters);
  const filtered = !isDefaultFilters(box.filters);

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setFiltersOpen(false);
    filterButtonRef.current?.focus();
  };

  return (
    <div role="search" aria-label={MESSAGES.sidebarSearchLabel} className="relative">
      <div {...box.containerProps} className="relative">
        <SearchField
          box={box}
          label={MESSAGES.sidebarSearchLabel}
          actions={
            <Button
              ref={filterButtonRef}
              variant="ghost"
              size="icon"
              aria-label={MESSAGES.filtersButton}
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen((value) => !value)}
              className={cn('relative shrink-0', (filtersOpen || filtered) && 'text-primary')}
            >
              <SlidersHorizontal className="h-5 w-5" aria-hidden="true" />
              {filtered ? (
                <span
                  aria-hidden="true"
                  className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-primary"
                />
              ) : null}
            </Button>
          }
        />
        {filtersOpen ? (
          <div ref={panelRef} onKeyDown={onPanelKeyDown} className="mt-2 rounded-2xl bg-muted p-3">
            <SearchFilterFields id={panelId} filters={box.filters} onChange={box.changeFilters} />
          </div>
        ) : null}
        {box.expanded ? <SearchResults ref={resultsRef} box={box} /> : null}
      </div>
    </div>
  );
}
