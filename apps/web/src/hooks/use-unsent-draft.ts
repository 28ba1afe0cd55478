import { useEffect } from 'react';
import type { DraftRegistry } from '../lib/unsent-drafts';
import { unsentDrafts } from '../lib/unsent-drafts';

/**
 * Holds a draft in the page's registry while `unsent` is true (text typed, an image attached),
 * and releases it once sent or cleared, or when the box goes away: an update of the app waits
 * for it before reloading the page.
 */
export function useUnsentDraft(unsent: boolean, registry: DraftRegistry = unsentDrafts): void {
  useEffect(() => (unsent ? registry.hold() : undefined), [unsent, registry]);
}
