import { Skeleton } from '../../../components/ui/skeleton';

/** Cards shown while a list of communities loads. */
export function CommunityCardSkeletons({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading communities">
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          data-testid="community-skeleton"
          className="flex gap-3 border-b border-border px-4 py-4"
        >
          <Skeleton className="h-12 w-12 shrink-0 rounded-xl" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
            <Skeleton className="h-4 w-full" />
          </div>
          <Skeleton className="h-8 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/** The community page while it loads: the card, then a few posts. */
export function CommunityPageSkeleton() {
  return (
    <div role="status" aria-label="Loading community">
      <div className="grid gap-3 border-b border-border p-4">
        <div className="flex items-center gap-4">
          <Skeleton className="h-16 w-16 shrink-0 rounded-2xl" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
      <PostSkeletons />
    </div>
  );
}

export function PostSkeletons({ rows = 3 }: { rows?: number }) {
  return Array.from({ length: rows }, (_, index) => (
    <div key={index} className="flex gap-3 border-b border-border px-4 py-3" aria-hidden="true">
      <Skeleton className="h-10 w-10 shrink-0 rounded-full" />
      <div className="grid flex-1 gap-2">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  ));
}
