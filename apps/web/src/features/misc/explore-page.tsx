import { Hash, Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { MemberPage } from './components/member-page';

/** Explore's trending topics: a fixed list of 5 hashtags (spec part 1, section 9). */
export const TRENDING_TOPICS = [
  { tag: '#TypeScript', posts: '12.4K posts' },
  { tag: '#OpenSource', posts: '8,921 posts' },
  { tag: '#Photography', posts: '5,302 posts' },
  { tag: '#ClimateAction', posts: '3,847 posts' },
  { tag: '#IndieGames', posts: '2,118 posts' },
] as const;

/** Explore (members): a search box, the trending topics and the feed they filter. */
export default function ExplorePage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const filter = query.trim();

  return (
    <MemberPage title="Explore" loginMessage="Please log in to explore posts.">
      <div className="border-b border-border p-4">
        <label htmlFor={searchId} className="sr-only">
          Search posts
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search posts and hashtags"
            className="rounded-full pl-9 pr-10"
          />
          {query ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Clear search"
              className="absolute right-1 top-1/2 h-8 w-8 -translate-y-1/2"
              onClick={() => setQuery('')}
            >
              <X className="h-4 w-4" />
            </Button>
          ) : null}
        </div>
      </div>
      <section aria-labelledby={`${searchId}-trending`} className="border-b border-border">
        <h2 id={`${searchId}-trending`} className="px-4 pt-4 text-lg font-bold">
          Trending topics
        </h2>
        <ul className="py-2">
          {TRENDING_TOPICS.map((topic, index) => {
            const active = filter.toLowerCase() === topic.tag.toLowerCase();
            return (
              <li key={topic.tag}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => setQuery(active ? '' : topic.tag)}
                  className={cn(
                    'flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-muted',
                    active && 'bg-muted',
                  )}
                >
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
                    <Hash className="h-4 w-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-xs text-muted-foreground">
                      {index + 1} · Trending
                    </span>
                    <span className="block font-semibold">{topic.tag}</span>
                    <span className="block text-xs text-muted-foreground">{topic.posts}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-label="Filtered posts" aria-live="polite" className="px-6 py-12 text-center">
        {filter ? (
          <>
            <p className="font-semibold">Posts matching &quot;{filter}&quot; will appear here.</p>
            <p className="mt-1 text-sm text-muted-foreground">
              The filtered feed is on its way. Try another topic in the meantime.
            </p>
          </>
        ) : (
          <p className="text-muted-foreground">
            Search for something or pick a trending topic to filter posts.
          </p>
        )}
      </section>
    </MemberPage>
  );
}
