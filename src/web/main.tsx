// What every page shares comes first: a feature's own rules (beside it) may then build on it.
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { shouldRetry } from './api/client';
import { createAppRouter } from './app/router';
import { ToastProvider } from './components/toast';
import { i18n, languageReady } from './i18n';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay: 2000 },
    mutations: { retry: false },
  },
});

// A visitor who chose English waits for its texts rather than seeing Japanese first. The first
// render is a transition so React renders in short slices and the page stays responsive on
// slow phones (the static shell of index.html is on screen meanwhile).
void languageReady.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <RouterProvider router={createAppRouter()} />
            </ToastProvider>
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  });
});
