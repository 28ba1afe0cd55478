import type { ReactNode } from 'react';

/** A page's whole message when there is nothing else to show: not found, private, failed. */
export function PageMessage({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 px-6 py-16 text-center">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
      {action}
    </div>
  );
}
