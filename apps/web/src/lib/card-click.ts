/**
 * Whether a click on a card (a post) opens the card's page: not when it lands on something of its
 * own (a link, a button, a field, a menu, a form such as the reply box), not when the reader
 * has just selected text in it (selecting must stay possible), and not when another handler
 * already took it.
 */
export function opensCardPage(
  event: { defaultPrevented: boolean; button: number; target: EventTarget | null },
  selectedText: string,
): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (selectedText.trim() !== '') return false;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  return !target.closest(INTERACTIVE);
}

const INTERACTIVE = [
  'a',
  'button',
  'input',
  'textarea',
  'select',
  'label',
  'form',
  'summary',
  'video',
  '[role="button"]',
  '[role="menu"]',
  '[role="menuitem"]',
  '[role="dialog"]',
  '[contenteditable="true"]',
].join(',');
