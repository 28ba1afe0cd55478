import type { ReactNode } from 'react';

/** What a list shows instead of rows: empty, or failed to load (an alert, with Try again). */
export function ListMessage({
  title,
  hint,
  action,
  alert = false,
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  alert?: boolean;
}) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="grid justify-items-center gap-2 px-6 py-12 text-center"
    >
      <p className="font-semibold">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {action}
    </div>
  );
}
