import { useCallback, useRef } from 'react';

/**
 * Focus goes back where it was when a dialog opened. Radix returns it to a
 * dialog's own Trigger; our dialogs are opened from elsewhere (a sidebar
 * button, a menu item), so the content remembers the element that had focus
 * as it opened and focuses it again on close, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const onOpenAutoFocus = useCallback(() => {
    // Called before Radix moves focus inside: the active element is the opener.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  }, []);
  return { onOpenAutoFocus, onCloseAutoFocus };
}
