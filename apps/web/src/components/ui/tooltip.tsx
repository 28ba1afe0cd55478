import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type {
  HTMLAttributes,
  PointerEvent as ReactPointerEvent,
  ReactElement,
  ReactNode,
} from 'react';
import {
  cloneElement,
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useMediaQuery } from '../../hooks/use-media-query';
import { cn } from '../../lib/cn';

/** Spec part 1, section 9: a tooltip opens after 700 ms; within 300 ms of one closing, at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The attribute naming a tooltip's control, so that focus can follow it when it is redrawn. */
const TRIGGER_ATTRIBUTE = 'data-tooltip-trigger';

/**
 * Whether the tooltips below are put in place when drawn (see `Tooltip`). Null outside a
 * TooltipProvider.
 */
const Armed = createContext<boolean | null>(null);

/** A device whose main pointer hovers (a mouse, a trackpad): tooltips are part of using it. */
export const HOVER_MEDIA = '(hover: hover)';

/**
 * The app's tooltips' timing, shared by every tooltip below it (AppProvider holds one), and when
 * they are put in place: at once on a device whose main pointer hovers; on one that does not (a
 * phone), at the first Tab (a keyboard's tooltips open on focus, and Tab has not moved it yet;
 * the keys typed into a field on a phone's own keyboard are not that). The control that has the
 * focus then (a button just tapped) is redrawn; the focus stays on it. Once in place they stay:
 * a tablet whose trackpad is detached does not redraw them.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const hovers = useMediaQuery(HOVER_MEDIA);
  const [keyed, setKeyed] = useState(false);
  if (hovers && !keyed) setKeyed(true);
  const armed = hovers || keyed;
  useEffect(() => {
    if (armed) return undefined;
    const arm = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.isComposing) return;
      document.removeEventListener('keydown', arm, { capture: true });
      const focused = document.activeElement?.getAttribute(TRIGGER_ATTRIBUTE);
      flushSync(() => setKeyed(true));
      if (!focused || document.activeElement?.getAttribute(TRIGGER_ATTRIBUTE) === focused) return;
      for (const control of document.querySelectorAll<HTMLElement>(`[${TRIGGER_ATTRIBUTE}]`)) {
        if (control.getAttribute(TRIGGER_ATTRIBUTE) === focused)
          control.focus({ preventScroll: true });
      }
    };
    document.addEventListener('keydown', arm, { capture: true });
    return () => document.removeEventListener('keydown', arm, { capture: true });
  }, [armed]);
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_OPEN_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      <Armed.Provider value={armed}>{children}</Armed.Provider>
    </TooltipPrimitive.Provider>
  );
}

type TriggerProps = HTMLAttributes<HTMLElement> & { [TRIGGER_ATTRIBUTE]?: string };

/**
 * The UI kit's accessible tooltip (Radix: opens on hover after the delay and on keyboard focus at
 * once, closes on Escape, and is announced as the trigger's description) around an icon-only
 * control. `children` is the control itself, which must take a ref and props (a button, or a
 * Radix trigger rendered asChild). `contentClassName` can hide it where the label is shown beside
 * the icon (the sidebar at wide widths). Outside a TooltipProvider (a component drawn alone, in a
 * test), it brings its own with the same timing.
 *
 * On a device that does not hover (a phone), put in place on first use, not when drawn: a feed
 * draws four of these per post, and a phone paid a fifth of the feed's first drawing for tooltips
 * it never shows (measured on the home feed, apps/web/README.md). Until then the control is drawn
 * alone; a mouse moving over it puts its tooltip in place at once, handing the move on (the delay
 * counts from there); the first Tab anywhere puts them all in place (TooltipProvider).
 */
export function Tooltip(props: TooltipProps) {
  return useContext(Armed) === null ? (
    <TooltipProvider>
      <ProvidedTooltip {...props} />
    </TooltipProvider>
  ) : (
    <ProvidedTooltip {...props} />
  );
}

interface TooltipProps {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
  side?: 'top' | 'right' | 'bottom' | 'left';
  contentClassName?: string;
}

function ProvidedTooltip({ content, children, side = 'bottom', contentClassName }: TooltipProps) {
  const [pointed, setPointed] = useState(false);
  const armed = useContext(Armed) === true || pointed;
  const handOff = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    if (!armed || !handOff.current) return;
    handOff.current = false;
    // The move that put the tooltip in place went to the control drawn before: Radix hears it.
    const Move = typeof PointerEvent === 'function' ? window.PointerEvent : MouseEvent;
    trigger.current?.dispatchEvent(
      new Move('pointermove', { bubbles: true, pointerType: 'mouse' }),
    );
  }, [armed]);

  if (!armed) {
    const { onPointerMove } = children.props;
    return cloneElement(children, {
      [TRIGGER_ATTRIBUTE]: id,
      onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
        onPointerMove?.(event);
        if (event.pointerType === 'touch') return;
        handOff.current = true;
        // At once, so that a click that follows the move lands on the control drawn next.
        flushSync(() => setPointed(true));
      },
    });
  }

  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild ref={trigger}>
        {cloneElement(children, { [TRIGGER_ATTRIBUTE]: id })}
      </TooltipPrimitive.Trigger>
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
}
