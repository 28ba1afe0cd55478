import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { cn } from '../../lib/cn';

/** Spec part 1, section 9: a tooltip opens after 700 ms; within 300 ms of one closing, at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Whether a TooltipProvider is above: its tooltips share the skip-delay window. */
const Provided = createContext(false);

/** The app's tooltips' timing, shared by every tooltip below it (AppProvider holds one). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_OPEN_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      <Provided.Provider value={true}>{children}</Provided.Provider>
    </TooltipPrimitive.Provider>
  );
}

/**
 * The UI kit's accessible tooltip (Radix: opens on hover after the delay and on keyboard focus at
 * once, closes on Escape, and is announced as the trigger's description) around an icon-only
 * control. `children` is the control itself, which must take a ref and props (a button, or a
 * Radix trigger rendered asChild). `contentClassName` can hide it where the label is shown beside
 * the icon (the sidebar at wide widths). Outside a TooltipProvider (a component drawn alone, in a
 * test), it brings its own with the same timing.
 */
export function Tooltip({
  content,
  children,
  side = 'bottom',
  contentClassName,
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  contentClassName?: string;
}) {
  const provided = useContext(Provided);
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            'z-50 select-none rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow-md',
            contentClassName,
          )}
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  return provided ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
