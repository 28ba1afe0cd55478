import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';
import { cn } from '../lib/cn';
import { formatCount } from '../lib/format-count';
import { Tooltip } from './ui/tooltip';

/**
 * One of a post's action buttons: an icon, an accessible name, an optional
 * count (announced as the button's description) and, for toggles, aria-pressed.
 * The count sits beside the button, not in it, so the button's name ("Like")
 * is all it shows to a screen reader user and to voice control (WCAG 2.5.3). Its name shows as a
 * tooltip on hover and keyboard focus.
 */
export const ActionButton = forwardRef<
  HTMLButtonElement,
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
    label: string;
    icon: LucideIcon;
    count?: number;
    pressed?: boolean;
    activeClassName?: string;
    fillWhenPressed?: boolean;
  }
>(
  (
    { label, icon: Icon, count, pressed, activeClassName, fillWhenPressed, className, ...props },
    ref,
  ) => {
    const countId = useId();
    const showCount = count !== undefined && count > 0;
    return (
      <span className="group inline-flex items-center">
        <Tooltip content={label}>
          <button
            ref={ref}
            type="button"
            aria-label={label}
            aria-pressed={pressed}
            aria-describedby={showCount ? countId : undefined}
            className={cn(
              'inline-flex items-center rounded-full p-1.5 text-muted-foreground transition-colors hover:text-primary',
              pressed && activeClassName,
              className,
            )}
            {...props}
          >
            <Icon
              className={cn('h-[18px] w-[18px]', pressed && fillWhenPressed && 'fill-current')}
              aria-hidden="true"
            />
          </button>
        </Tooltip>
        {showCount ? (
          <span
            id={countId}
            className={cn('text-sm tabular-nums text-muted-foreground', pressed && activeClassName)}
          >
            {formatCount(count)}
          </span>
        ) : null}
      </span>
    );
  },
);
ActionButton.displayName = 'ActionButton';
