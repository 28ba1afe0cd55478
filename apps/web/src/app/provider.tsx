import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { ToasterOnDemand } from '../components/ui/toaster-on-demand';
import { TooltipProvider } from '../components/ui/tooltip';
import { ImpressionContext } from '../hooks/use-impression';
import { DeferredImpressionObserver } from '../lib/deferred-impressions';
import type { ImpressionObserver } from '../lib/impression-reporter';
import { InstallPrompt } from './pwa/install-prompt';
import { ThemeProvider } from '../features/theme/theme';
import { createQueryClient } from '../lib/query-client';
import { rememberMember } from './warm-start';

/**
 * The tab's impression reporter, loaded after the first paint (it is not needed to show
 * anything, so it stays out of the entry chunk). Cards watch through a stand-in that is the
 * same object for the whole visit, which hands them over when the reporter is there.
 */
function useImpressionReporter(): ImpressionObserver {
  const [deferred] = useState(() => new DeferredImpressionObserver());
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./impressions')
      .then(({ createImpressionReporter }) => {
        if (cancelled) return;
        const created = createImpressionReporter();
        stop = created.start();
        deferred.attach(created);
      })
      .catch((error: unknown) => console.debug('Impressions are not reported', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [deferred]);
  return deferred;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => rememberMember(queryClient), [queryClient]);
  const impressions = useImpressionReporter();
  return (
    <QueryClientProvider client={queryClient}>
      <ImpressionContext.Provider value={impressions}>
        <ThemeProvider>
          <TooltipProvider>
            {children}
            <InstallPrompt />
            <ToasterOnDemand />
          </TooltipProvider>
        </ThemeProvider>
      </ImpressionContext.Provider>
    </QueryClientProvider>
  );
}
