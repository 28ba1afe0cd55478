import { Skeleton } from '../../../components/ui/skeleton';

/** Rows shown while a list of posts loads (spec part 1, section 9: five in the feed). */
const FEED_SKELETON_ROWS = 5;

export function TweetSkeletons({
  rows = FEED_SKELETON_ROWS,
  label = 'Loading posts',
}: {
  rows?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          data-testid="tweet-skeleton"
          className="flex gap-3 border-b border-border px-4 py-3"
        >
          <Skeleton className="h-10 w-10 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
