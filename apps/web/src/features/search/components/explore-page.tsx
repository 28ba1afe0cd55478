import type { SearchResult } from '@wave/contracts';
import { BadgeCheck, Hash } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time';
import { useAuth } from '../../auth/api/current-user';
import type { SearchBox } from '../hooks/use-search-box';
import { useSearchBox } from '../hooks/use-search-box';
import { useTrendItems } from '../hooks/use-trend-items';
import { MESSAGES } from '../messages';
import { TRENDING_TOPICS } from '../sample-trends';
import { resultName } from '../search-format';
import { EXPLORE_TRENDS_LIMIT } from '../search-limits';
import { SearchField } from './search-field';
import { SearchFilterFields } from './search-filter-fields';
import { SearchResults } from './search-results';
import { TrendSkeletons } from './trend-skeletons';

const FEED_SKELETON_ROWS = 3;

/**
 * The trending topics: up to EXPLORE_TRENDS_LIMIT live trends when there are any, else the fixed
 * 5; a topic searches for it. Reached at /explore#trending ('Show more' in the sidebar), the page
 * scrolls to them and their heading takes the focus, so a keyboard or screen reader lands there.
 */
function TrendingTopics({ box }: { box: SearchBox }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const { items, loading } = useTrendItems(TRENDING_TOPICS, EXPLORE_TRENDS_LIMIT);
  const current = box.query.toLowerCase();
  useEffect(() => {
    if (hash !== `#${paths.exploreTrends.hash}`) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <section
      id={paths.exploreTrends.hash}
      aria-labelledby={headingId}
      className="scroll-mt-16 border-b border-border"
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="px-4 pt-4 text-lg font-bold focus:outline-none"
      >
        {MESSAGES.trendingTopics}
      </h2>
      {loading ? (
        <div className="px-4 py-3">
          <TrendSkeletons />
        </div>
      ) : (
        <ul className="py-2" aria-labelledby={headingId}>
          {items.map((topic, index) => {
            const active = current === topic.name.toLowerCase();
            return (
              <li key={topic.name}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => box.searchNow(active ? '' : topic.name)}
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
                      {index + 1} · {topic.category ?? MESSAGES.trending}
                    </span>
                    <span className="block font-semibold">{topic.name}</span>
                    <span className="block text-xs text-muted-foreground">{topic.tweets}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A post of the filtered feed: its author, when, and its whole text; it opens the post. */
function PostRow({ post }: { post: SearchResult }) {
  return (
    <li className="border-b border-border">
      <Link
        to={paths.tweet.getHref(post.id)}
        className="flex gap-3 px-4 py-3 text-left transition-colors hover:bg-muted/30"
      >
        <Avatar displayName={post.displayName} username={post.username} />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-1 text-sm">
            <span className="truncate font-bold">{resultName(post)}</span>
            {post.verified ? (
              <BadgeCheck
                className="h-4 w-4 text-primary"
                role="img"
                aria-label={MESSAGES.verifiedAccount}
              />
            ) : null}
            {post.username ? (
              <span className="truncate text-muted-foreground">@{post.username}</span>
            ) : null}
            {post.createdAt ? (
              <>
                <span aria-hidden="true" className="text-muted-foreground">
                  ·
                </span>
                <time
                  dateTime={post.createdAt}
                  title={formatFullTime(post.createdAt)}
                  className="text-muted-foreground"
                >
                  {formatRelativeTime(post.createdAt)}
                </time>
              </>
            ) : null}
          </span>
          <span className="mt-0.5 block whitespace-pre-wrap break-words">{post.content}</span>
        </span>
      </Link>
    </li>
  );
}

/** The feed the search filters: the post results of the settled query. */
function FilteredPosts({ box }: { box: SearchBox }) {
  const { query, search, results } = box;
  const posts = results.filter((result) => result.type === 'post');
  const body = !query ? (
    <p className="px-6 py-12 text-center text-muted-foreground">{MESSAGES.exploreHint}</p>
  ) : search.isPending ? (
    <div role="status" aria-label={MESSAGES.loadingPosts}>
      {Array.from({ length: FEED_SKELETON_ROWS }, (_, index) => (
        <div key={index} className="flex gap-3 border-b border-border px-4 py-3">
          <Skeleton className="h-10 w-10 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      ))}
    </div>
  ) : search.isError ? (
    <p role="alert" className="px-6 py-12 text-center text-destructive">
      {messageOf(search.error, MESSAGES.searchFailed)}
    </p>
  ) : posts.length === 0 ? (
    <div className="px-6 py-12 text-center">
      <p className="font-semibold">{MESSAGES.noPosts(query)}</p>
      <p className="mt-1 text-sm text-muted-foreground">{MESSAGES.noPostsHint}</p>
    </div>
  ) : (
    <ul>
      {posts.map((post) => (
        <PostRow key={post.id} post={post} />
      ))}
    </ul>
  );
  return (
    <section aria-label={MESSAGES.filteredPosts} aria-live="polite" aria-busy={search.isFetching}>
      {body}
    </section>
  );
}

function ExploreContent() {
  const box = useSearchBox({ searchHashtags: true });
  const { searchNow } = box;
  // /explore?q=… (the sidebar's search on Enter): search for it at once.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get(paths.explore.queryParam)?.trim() ?? '';
  useEffect(() => {
    if (asked) searchNow(asked);
  }, [asked, searchNow]);
  const searching = box.query.length > 0;
  // Nothing at all for the query: the results say so, once; the feed adds nothing.
  const nothingFound =
    searching && box.search.isSuccess && box.results.length === 0 && box.query === box.text.trim();
  return (
    <>
      <div
        role="search"
        aria-label={MESSAGES.exploreSearchLabel}
        className="border-b border-border p-4"
      >
        <div {...box.containerProps}>
          <SearchField box={box} label={MESSAGES.exploreSearchLabel} />
          <SearchFilterFields
            filters={box.filters}
            onChange={box.changeFilters}
            className="mt-3 sm:grid-cols-3"
          />
          {box.expanded ? <SearchResults box={box} inline /> : null}
        </div>
      </div>
      {/* With a query the results come first, in one piece; the topics follow them. */}
      {searching ? null : <TrendingTopics box={box} />}
      {nothingFound && box.expanded ? null : <FilteredPosts box={box} />}
      {searching ? <TrendingTopics box={box} /> : null}
    </>
  );
}

/**
 * Explore (/explore, members): a search box with its filters and results
 * inline, the trending topics, and the feed of posts the search filters
 * (spec part 1, section 2). A visitor is asked to log in.
 */
export default function ExplorePage() {
  const { status } = useAuth();
  return (
    <div>
      <title>Explore · Wave</title>
      <header className="sticky top-0 z-10 border-b border-border bg-background/80 px-4 py-3 backdrop-blur">
        <h1 className="text-xl font-bold">Explore</h1>
      </header>
      {status === 'authenticated' ? (
        <ExploreContent />
      ) : status === 'unauthenticated' ? (
        <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
          <p className="text-muted-foreground">{MESSAGES.loginToExplore}</p>
          <Link to={paths.auth.getHref()} className={buttonVariants()}>
            Log in
          </Link>
        </div>
      ) : null}
    </div>
  );
}
