import { Skeleton } from '../../../components/ui/skeleton';

/** The profile's shape while it loads. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading profile...</span>
      <Skeleton className="aspect-[3/1] w-full rounded-none" />
      <div className="px-4">
        <div className="-mt-14 flex items-end justify-between">
          <Skeleton className="h-28 w-28 rounded-full border-4 border-background" />
          <Skeleton className="h-10 w-28 rounded-full" />
        </div>
        <div className="mt-4 grid gap-2 pb-4">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-28" />
          <Skeleton className="mt-2 h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
          <div className="mt-2 flex gap-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      </div>
    </div>
  );
}
