import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { opensCardPage } from '../lib/card-click';

/**
 * A card's click handler that opens the card's page at `href` (ctrl or cmd: in a new tab), as on
 * X: the card's timestamp is the link for keyboards and screen readers, this is the mouse's and
 * finger's shortcut (so the card is not itself a control). Not while `enabled` is false (the page
 * itself, a post being edited), nor for a click `opensCardPage` leaves to the card's own parts or
 * to a text selection.
 */
export function useCardPageOpener(
  href: string,
  enabled: boolean,
): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (!enabled) return;
    if (!opensCardPage(event, window.getSelection()?.toString() ?? '')) return;
    if (event.metaKey || event.ctrlKey) window.open(href, '_blank', 'noopener');
    else void navigate(href);
  };
}
