import type { ReactNode } from 'react';

/** A short note in place of a panel's content (nothing to show yet). */
export const PanelMessage = ({ children }: { children: ReactNode }) => (
  <p className="px-4 py-8 text-center text-sm text-muted-foreground">{children}</p>
);
