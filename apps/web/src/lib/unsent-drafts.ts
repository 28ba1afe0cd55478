/**
 * Which text boxes hold something the member has typed and not sent yet: the composers, the
 * reply and comment boxes and the post editor hold a draft while they have one (through
 * `useUnsentDraft`), and the service-worker updater waits for none before it reloads the page
 * (src/app/pwa). Drafts live in component state only, so a reload would lose them.
 */
export interface DraftRegistry {
  /** Records one unsent draft; the function returned releases it (once, however often called). */
  hold(): () => void;
  hasUnsentDrafts(): boolean;
  /** Calls the listener whenever a draft is held or released; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createDraftRegistry(): DraftRegistry {
  const drafts = new Set<symbol>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    hold() {
      const draft = Symbol('draft');
      drafts.add(draft);
      changed();
      return () => {
        if (drafts.delete(draft)) changed();
      };
    },
    hasUnsentDrafts: () => drafts.size > 0,
    subscribe(listener) {
      // A wrapper per subscription: the same function subscribed twice is called twice.
      const call = () => listener();
      listeners.add(call);
      return () => {
        listeners.delete(call);
      };
    },
  };
}

/** The page's drafts. */
export const unsentDrafts: DraftRegistry = createDraftRegistry();
