import { timeoutManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { registerServiceWorkerAfterLoad } from './app/pwa/service-worker';
import { AppRouter, HomePage } from './app/router';
import { warmStart } from './app/warm-start';
import { prepareClassNames } from './lib/cn';
import { createCoalescedTimeouts } from './lib/coalesced-timeouts';
import './index.css';

// Before any query exists (TanStack's rule: one provider for all of its timers).
timeoutManager.setTimeoutProvider(createCoalescedTimeouts());
warmStart(window.location.pathname, HomePage.preload);
prepareClassNames();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorkerAfterLoad();
