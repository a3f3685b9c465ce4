// What every page shares comes first: a feature's own rules (beside it) may then build on it.
import './styles.css';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { shouldRetry } from './api/client';
import { AppRoot } from './app/app-root';
import { createAppRouter } from './app/router';
import { languageReady } from './i18n';
import { sessionQuery } from './lib/session';
import { registerServiceWorker } from './app/service-worker';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay: 2000 },
    mutations: { retry: false },
  },
});

// A visitor who chose English waits for its texts rather than seeing Japanese first. The first
// render also waits for the answer to who is signed in, which index.html asked for while the
// scripts downloaded (it is there before them): the shell, the guards and the privacy notice
// then render once with it, not a spinner first and everything again a moment later. Tried
// once: a failure renders at once, and the shell asks again as it always did.
// Offline (the service worker served the app from its cache), nothing is waited for: the queries
// pause until the connection is back, and the guarded pages say so meanwhile.
onlineManager.setOnline(navigator.onLine);
const sessionKnown = onlineManager.isOnline()
  ? queryClient.prefetchQuery({ ...sessionQuery, retry: false })
  : undefined;

// Created before the first render: the router starts downloading the page's own code at once
// (and, for the OG list and an alumna's page, their data).
const router = createAppRouter(queryClient);

registerServiceWorker();

// The first render is a transition so React renders in short slices and the page stays
// responsive on slow phones (the static shell of index.html is on screen meanwhile).
void Promise.all([languageReady, sessionKnown]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRoot queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
});
