import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { ImpressionContext } from '../hooks/use-impression';
import type { ImpressionObserver } from '../lib/impression-reporter';
import { InstallPrompt } from './pwa/install-prompt';
import { ThemeProvider } from '../features/theme/theme';
import { createQueryClient } from '../lib/query-client';

/**
 * The tab's impression reporter, loaded after the first paint (it is not needed to show
 * anything, so it stays out of the entry chunk). Posts already on screen are handed to it
 * as soon as it is there: their refs change with it.
 */
function useImpressionReporter(): ImpressionObserver | null {
  const [reporter, setReporter] = useState<ImpressionObserver | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./impressions')
      .then(({ createImpressionReporter }) => {
        if (cancelled) return;
        const created = createImpressionReporter();
        stop = created.start();
        setReporter(created);
      })
      .catch((error: unknown) => console.debug('Impressions are not reported', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return reporter;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const impressions = useImpressionReporter();
  return (
    <QueryClientProvider client={queryClient}>
      <ImpressionContext.Provider value={impressions}>
        <ThemeProvider>
          <TooltipProvider>
            {children}
            <InstallPrompt />
            <Toaster />
          </TooltipProvider>
        </ThemeProvider>
      </ImpressionContext.Provider>
    </QueryClientProvider>
  );
}
