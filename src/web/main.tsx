import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { shouldRetry } from './api/client';
import { createAppRouter } from './app/router';
import { ToastProvider } from './components/toast';
import { i18n } from './i18n';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay: 2000 },
    mutations: { retry: false },
  },
});

createRoot(document.getElementById('root')!).render(
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
