import type { ComponentType } from 'react';
import { lazy, useState } from 'react';

/** A page whose code is loaded on first use, and can be asked for earlier. */
export interface LazyPage<P extends object> {
  (props: P): React.JSX.Element;
  /** Loads the page's code now (once); the page drawn after that does not suspend. */
  preload: () => Promise<void>;
}

/**
 * `React.lazy` with a preload. A lazy component suspends the first time it is drawn even when its
 * code has already arrived (an import's promise cannot be read synchronously), and React then
 * holds the page back: a Suspense fallback, once shown, stays at least 300 ms before the content
 * replaces it. A page preloaded before it is drawn (the home page of a returning member,
 * app/warm-start.ts) is drawn at once instead. Each mount keeps the component it started with, so
 * a page that did suspend is never swapped for the loaded one under it (which would remount it).
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed load (offline) can be tried again by the next mount.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function Page(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Page.preload = () => loadOnce().then(() => undefined);
  return Page;
}
