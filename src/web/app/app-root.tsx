import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentProps } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../components/toast';
import { i18n } from '../i18n';
import { followSignedInPerson } from '../lib/day-details-store';

/**
 * The router under what every page uses (the language, the queries, the toasts): the site
 * (main.tsx) and the pages' tests (test/render.tsx) render the same tree.
 */
export function AppRoot({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ComponentProps<typeof RouterProvider>['router'];
}) {
  // The day's details this device keeps are the signed-in person's only (docs/PRODUCT.md §14).
  useEffect(() => followSignedInPerson(queryClient), [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
