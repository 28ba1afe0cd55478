import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Toaster } from '../components/ui/toaster';
import { InstallPrompt } from './pwa/install-prompt';
import { ThemeProvider } from '../features/theme/theme';
import { createQueryClient } from '../lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <InstallPrompt />
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
