import { ChartNoAxesColumn } from 'lucide-react';
import { formatCount, formatWholeNumber } from '../../../lib/format-count';
import { usePostViews } from '../api/get-post-views';

/**
 * How many times a post was seen, as X shows it beside the actions: the chart icon and the
 * count, read as "12 views". Nothing until the count is known (no layout jump to a wrong 0).
 */
export function ViewCount({ tweetId }: { tweetId: string }) {
  const views = usePostViews(tweetId);
  if (views === undefined || views === null) return <span className="w-14" aria-hidden="true" />;
  const label = `${formatWholeNumber(views)} ${views === 1 ? 'view' : 'views'}`;
  return (
    <span
      className="inline-flex items-center gap-1 p-1.5 text-sm tabular-nums text-muted-foreground"
      title={label}
    >
      <ChartNoAxesColumn className="h-[18px] w-[18px]" aria-hidden="true" />
      <span aria-hidden="true">{formatCount(views)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
