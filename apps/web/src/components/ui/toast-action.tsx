import * as ToastPrimitive from '@radix-ui/react-toast';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '../../lib/cn';

/**
 * A toast's button (Radix's Toast.Action: `altText` tells screen readers how to do the same
 * without the toast, which may be gone by the time they reach it). Choosing it closes the toast.
 */
export function ToastAction({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'shrink-0 self-center rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground',
        className,
      )}
      {...props}
    />
  );
}
