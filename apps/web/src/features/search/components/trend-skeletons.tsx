import { Skeleton } from '../../../components/ui/skeleton';
import { MESSAGES } from '../messages';

/** Rows shown while the trends load. */
export function TrendSkeletons({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-label={MESSAGES.loadingTrends} className="grid gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="grid gap-1.5">
          <Skeleton className="h-3 w-1/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}
