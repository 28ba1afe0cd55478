import type { DraftRegistry } from '../../lib/unsent-drafts';

/** What decides whether the page may be reloaded for an update. */
export interface PageState {
  /** Some text box holds something typed and not sent (src/lib/unsent-drafts.ts). */
  unsentDrafts: boolean;
  visibility: DocumentVisibilityState;
}

/**
 * An update may reload the page when nothing typed would be lost, or when the member is not
 * looking at it (another tab, the app in the background).
 */
export const mayReloadNow = ({ unsentDrafts, visibility }: PageState): boolean =>
  !unsentDrafts || visibility === 'hidden';

/**
 * Runs `action` once, as soon as the page may reload: at once when it may now (then it returns
 * true), otherwise when the last draft is sent or cleared or the page is hidden (then false).
 */
export function whenPageMayReload(drafts: DraftRegistry, action: () => void): boolean {
  const mayNow = () =>
    mayReloadNow({
      unsentDrafts: drafts.hasUnsentDrafts(),
      visibility: document.visibilityState,
    });
  if (mayNow()) {
    action();
    return true;
  }
  const check = () => {
    if (!mayNow()) return;
    unsubscribe();
    document.removeEventListener('visibilitychange', check);
    action();
  };
  const unsubscribe = drafts.subscribe(check);
  document.addEventListener('visibilitychange', check);
  return false;
}
