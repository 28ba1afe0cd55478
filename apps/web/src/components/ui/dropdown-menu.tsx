import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type {
  ComponentPropsWithoutRef,
  ElementRef,
  HTMLAttributes,
  KeyboardEvent,
  PointerEvent,
  ReactElement,
  ReactNode,
} from 'react';
import { cloneElement, forwardRef, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { cn } from '../../lib/cn';

/**
 * A menu of actions (Radix): arrow keys move between items, Enter or Space
 * chooses, Escape closes and gives focus back to the trigger.
 */
export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup;

/** The keys that open a menu from its button (as Radix's trigger has them). */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A dropdown menu whose parts are put in place the first time it is opened: until then its button
 * is drawn alone, as a menu button (aria-haspopup), and opens the menu as Radix's trigger would
 * (the primary button pressed, or Enter, Space or the down arrow). For a menu drawn many times
 * over, as each post's, of which few are ever opened: Radix's menu is a dozen components, and a
 * feed of posts drew hundreds of them. `wrapTrigger` goes around the button either way (its
 * tooltip); `children` is the menu's content.
 */
export function DropdownMenuOnDemand({
  trigger,
  wrapTrigger = (button) => button,
  children,
  onOpenChange,
  ...root
}: {
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  wrapTrigger?: (
    button: ReactElement<HTMLAttributes<HTMLElement>>,
  ) => ReactElement<HTMLAttributes<HTMLElement>>;
  children: ReactNode;
} & Omit<
  ComponentPropsWithoutRef<typeof DropdownMenuPrimitive.Root>,
  'open' | 'defaultOpen' | 'children'
>) {
  const [opened, setOpened] = useState(false);
  const openedTrigger = useRef<HTMLButtonElement>(null);
  if (opened) {
    return (
      <DropdownMenuPrimitive.Root defaultOpen onOpenChange={onOpenChange} {...root}>
        {wrapTrigger(
          <DropdownMenuPrimitive.Trigger asChild ref={openedTrigger}>
            {trigger}
          </DropdownMenuPrimitive.Trigger>,
        )}
        {children}
      </DropdownMenuPrimitive.Root>
    );
  }
  const open = (byKeyboard: boolean) => {
    onOpenChange?.(true);
    // At once: what follows (the button's release, the next key) goes to the menu.
    flushSync(() => setOpened(true));
    if (!byKeyboard) return;
    // Radix's trigger opens a menu from the keyboard on its first item; its menu learns that the
    // keyboard is in use from keys pressed while it is there, and this one was not yet.
    const menuId = openedTrigger.current?.getAttribute('aria-controls');
    const menu = menuId ? document.getElementById(menuId) : null;
    menu?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
  };
  const { onPointerDown, onKeyDown } = trigger.props;
  return wrapTrigger(
    cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        onPointerDown?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.ctrlKey) return;
        // As Radix: the focus goes to the menu, not to the button.
        event.preventDefault();
        open(false);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || !OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        open(true);
      },
    }),
  );
}

export const DropdownMenuContent = forwardRef<
  ElementRef<typeof DropdownMenuPrimitive.Content>,
  ComponentPropsWithoutRef<typeof DropdownMenuPrimitive.Content>
>(({ className, sideOffset = 4, align = 'end', ...props }, ref) => (
  <DropdownMenuPrimitive.Portal>
    <DropdownMenuPrimitive.Content
      ref={ref}
      sideOffset={sideOffset}
      align={align}
      className={cn(
        'z-50 min-w-44 overflow-hidden rounded-xl border border-border bg-card p-1 text-foreground shadow-lg',
        className,
      )}
      {...props}
    />
  </DropdownMenuPrimitive.Portal>
));
DropdownMenuContent.displayName = 'DropdownMenuContent';

export const DropdownMenuItem = forwardRef<
  ElementRef<typeof DropdownMenuPrimitive.Item>,
  ComponentPropsWithoutRef<typeof DropdownMenuPrimitive.Item> & { destructive?: boolean }
>(({ className, destructive, ...props }, ref) => (
  <DropdownMenuPrimitive.Item
    ref={ref}
    className={cn(
      'flex cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-muted data-[disabled]:opacity-50',
      destructive && 'text-destructive',
      className,
    )}
    {...props}
  />
));
DropdownMenuItem.displayName = 'DropdownMenuItem';

export const DropdownMenuSeparator = forwardRef<
  ElementRef<typeof DropdownMenuPrimitive.Separator>,
  ComponentPropsWithoutRef<typeof DropdownMenuPrimitive.Separator>
>(({ className, ...props }, ref) => (
  <DropdownMenuPrimitive.Separator
    ref={ref}
    className={cn('my-1 h-px bg-border', className)}
    {...props}
  />
));
DropdownMenuSeparator.displayName = 'DropdownMenuSeparator';

/** One choice of a radio group in a menu, with a check mark when chosen. */
export const DropdownMenuRadioItem = forwardRef<
  ElementRef<typeof DropdownMenuPrimitive.RadioItem>,
  ComponentPropsWithoutRef<typeof DropdownMenuPrimitive.RadioItem>
>(({ className, children, ...props }, ref) => (
  <DropdownMenuPrimitive.RadioItem
    ref={ref}
    className={cn(
      'relative flex cursor-pointer select-none items-center gap-2 rounded-lg py-2 pl-8 pr-3 text-sm outline-none data-[highlighted]:bg-muted',
      className,
    )}
    {...props}
  >
    <span className="absolute left-2.5 flex h-4 w-4 items-center justify-center">
      <DropdownMenuPrimitive.ItemIndicator>
        <Check className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuPrimitive.ItemIndicator>
    </span>
    {children}
  </DropdownMenuPrimitive.RadioItem>
));
DropdownMenuRadioItem.displayName = 'DropdownMenuRadioItem';
