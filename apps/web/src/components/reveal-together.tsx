import type { HTMLAttributes, ReactNode } from 'react';
import { createContext, useCallback, useContext, useId, useLayoutEffect, useState } from 'react';
import { cn } from '../lib/cn';

/** How long a group waits for its slowest part before showing anyway. */
export const REVEAL_TIMEOUT_MS = 2_000;

type Report = (part: string, loading: boolean) => void;
const RevealContext = createContext<Report | null>(null);

/**
 * Parts of a column stacked one above another (the right sidebar's sections), kept invisible
 * until none of them is loading, then shown together: a section whose content arrives grows and
 * would push the ones below it (a layout shift, 0.08-0.28 measured on the desktop home page).
 * Hidden content that moves is no shift; content that appears is none either. After
 * REVEAL_TIMEOUT_MS the group shows whatever it has. Parts say whether they are loading with
 * `useRevealWhenLoaded`; outside a group the hook does nothing.
 */
export function RevealTogether({
  children,
  className,
  timeoutMs = REVEAL_TIMEOUT_MS,
  ...props
}: {
  children: ReactNode;
  className?: string;
  timeoutMs?: number;
} & Omit<HTMLAttributes<HTMLElement>, 'children' | 'className'>) {
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  // Parts report in their layout effects, which run before this group's: the first paint
  // already knows who is loading.
  const [counted, setCounted] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const report = useCallback<Report>((part, isLoading) => {
    setLoading((current) => {
      if (current.has(part) === isLoading) return current;
      const next = new Set(current);
      if (isLoading) next.add(part);
      else next.delete(part);
      return next;
    });
  }, []);
  useLayoutEffect(() => setCounted(true), []);
  useLayoutEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  const hidden = !timedOut && (!counted || loading.size > 0);
  return (
    <RevealContext.Provider value={report}>
      <aside {...props} className={cn(className, hidden && 'invisible')} aria-busy={hidden}>
        {children}
      </aside>
    </RevealContext.Provider>
  );
}

/** Tells the group around (if any) whether this part is still loading. */
export function useRevealWhenLoaded(loading: boolean): void {
  const report = useContext(RevealContext);
  const part = useId();
  useLayoutEffect(() => {
    report?.(part, loading);
  }, [report, part, loading]);
  useLayoutEffect(() => () => report?.(part, false), [report, part]);
}
