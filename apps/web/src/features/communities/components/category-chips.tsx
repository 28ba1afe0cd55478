import { useRef } from 'react';
import { scrollFade, useScrollEdges } from '../../../hooks/use-scroll-edges';
import { cn } from '../../../lib/cn';
import type { CategoryFilter } from '../community-limits';
import { CATEGORY_FILTERS } from '../community-limits';

/**
 * The category filter (spec part 2, section 2): All and each category, as
 * toggle buttons; one is pressed. On a narrow screen the row scrolls sideways, fading out on
 * the side where there are more chips.
 */
export function CategoryChips({
  value,
  onChange,
}: {
  value: CategoryFilter;
  onChange: (category: CategoryFilter) => void;
}) {
  const row = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(row);
  const fade = scrollFade(edges);
  return (
    <div
      ref={row}
      role="group"
      aria-label="Categories"
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
      style={fade ? { maskImage: fade, WebkitMaskImage: fade } : undefined}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin]"
    >
      {CATEGORY_FILTERS.map((category) => {
        const active = category === value;
        return (
          <button
            key={category}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(category)}
            className={cn(
              'shrink-0 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
              active
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border hover:bg-muted',
            )}
          >
            {category}
          </button>
        );
      })}
    </div>
  );
}
