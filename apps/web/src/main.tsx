import { timeoutManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { registerServiceWorkerAfterLoad } from './app/pwa/service-worker';
import { AppRouter, HomePage, prepareRouter } from './app/router';
import { warmStart } from './app/warm-start';
import { prepareClassNames } from './lib/cn';
import { createCoalescedTimeouts } from './lib/coalesced-timeouts';
import { runInTasks } from './lib/in-tasks';
import './index.css';

// Before any query exists (TanStack's rule: one provider for all of its timers).
timeoutManager.setTimeoutProvider(createCoalescedTimeouts());
warmStart(window.location.pathname, HomePage.preload);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The start's pieces of work, each a task of its own: the entry's evaluation, tailwind-merge's
// tables, the router and the first render were one task of about 100 ms on this machine (four
// times that on Lighthouse's phone), which kept taps waiting. The first reads and the home page's
// code are already on their way (warmStart).
void runInTasks([
  prepareClassNames,
  prepareRouter,
  () =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
]);

if (import.meta.env.PROD) registerServiceWorkerAfterLoad();
