import type { SearchResult } from '@wave/contracts';
import { BadgeCheck, Hash } from 'lucide-react';
import type { Ref } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { messageOf } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { SearchBox } from '../hooks/use-search-box';
import { MESSAGES } from '../messages';
import { hashtagText, postCountLabel, postPreview, resultKey, resultName } from '../search-format';

const VerifiedBadge = () => (
  <BadgeCheck
    className="h-4 w-4 shrink-0 text-primary"
    role="img"
    aria-label={MESSAGES.verifiedAccount}
  />
);

/** One result's row: a user, a post (its first 60 characters) or a hashtag with its count. */
function ResultRow({ result }: { result: SearchResult }) {
  switch (result.type) {
    case 'user':
      return (
        <>
          <span aria-hidden="true" className="shrink-0">
            <Avatar displayName={result.displayName} username={result.username} size={36} />
          </span>
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-1">
              <span className="truncate font-semibold">{resultName(result)}</span>
              {result.verified ? <VerifiedBadge /> : null}
            </span>
            {result.username ? (
              <span className="block truncate text-sm text-muted-foreground">
                @{result.username}
              </span>
            ) : null}
          </span>
        </>
      );
    case 'post':
      return (
        <>
          <span aria-hidden="true" className="shrink-0">
            <Avatar displayName={result.displayName} username={result.username} size={36} />
          </span>
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-1 text-sm">
              <span className="truncate font-semibold">{resultName(result)}</span>
              {result.verified ? <VerifiedBadge /> : null}
              {result.username ? (
                <span className="truncate text-muted-foreground">@{result.username}</span>
              ) : null}
            </span>
            <span className="block break-words text-sm">{postPreview(result.content ?? '')}</span>
          </span>
        </>
      );
    case 'hashtag':
      return (
        <>
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
            <Hash className="h-4 w-4" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold">{hashtagText(result)}</span>
            <span className="block text-sm text-muted-foreground">
              {postCountLabel(result.count ?? 0)}
            </span>
          </span>
        </>
      );
  }
}

/**
 * What a search box shows under it: 'Searching...', the empty texts, an error,
 * or the results as a listbox (the box's combobox controls it). `inline` sits
 * in the page (Explore); otherwise it drops down over what follows, at most
 * about 24 rem tall, scrolling (spec part 1, section 9). `ref` is its outer element.
 */
export function SearchResults({
  box,
  inline = false,
  ref,
}: {
  box: SearchBox;
  inline?: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const { search, results, query } = box;
  const settled = query.length > 0 && query === box.text.trim();
  const loading = search.isPending || (!settled && results.length === 0);
  return (
    <div
      ref={ref}
      className={cn(
        'max-h-96 overflow-y-auto rounded-2xl border border-border bg-background',
        inline ? 'mt-1' : 'absolute inset-x-0 top-full z-20 mt-1 shadow-lg',
      )}
    >
      {loading ? (
        <p role="status" className="px-4 py-3 text-sm text-muted-foreground">
          {MESSAGES.searching}
        </p>
      ) : search.isError ? (
        <p role="alert" className="px-4 py-3 text-sm text-destructive">
          {messageOf(search.error, MESSAGES.searchFailed)}
        </p>
      ) : results.length === 0 ? (
        <div role="status" className="px-4 py-6 text-center">
          <p className="font-semibold">{MESSAGES.noResults(query)}</p>
          <p className="mt-1 text-sm text-muted-foreground">{MESSAGES.noResultsHint}</p>
        </div>
      ) : null}
      <ul
        id={box.listboxId}
        role="listbox"
        aria-label={MESSAGES.resultsLabel}
        hidden={results.length === 0}
      >
        {results.map((result, index) => {
          const active = index === box.activeIndex;
          return (
            <li
              key={resultKey(result)}
              id={box.optionId(index)}
              role="option"
              aria-selected={active}
              // The box keeps the focus: a press on a result must not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => box.choose(result)}
              className={cn(
                'flex cursor-pointer items-center gap-3 px-4 py-2 hover:bg-muted',
                active && 'bg-muted',
              )}
            >
              <ResultRow result={result} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
