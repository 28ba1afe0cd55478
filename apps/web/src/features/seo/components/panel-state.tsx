import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

export const PanelLoading = ({ label }: { label: string }) => (
  <div role="status" aria-label={label} className="grid gap-3 p-4">
    <Skeleton className="h-20 rounded-xl" />
    <Skeleton className="h-32 rounded-xl" />
  </div>
);

/** A failed read: what failed, the error in the spec's format, and a way to try again. */
export function PanelError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 px-6 py-12 text-center">
      <p className="font-semibold">{title}</p>
      <p className="text-sm break-words text-muted-foreground">{error.message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export const PanelMessage = ({ children }: { children: ReactNode }) => (
  <p className="px-4 py-8 text-center text-sm text-muted-foreground">{children}</p>
);
