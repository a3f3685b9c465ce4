import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { appRoutes } from '../app/router';
import { AppRoot } from '../app/app-root';

export type Answer = { status: number; body: unknown };
export type Handler = (url: string, init: RequestInit | undefined) => Answer | Promise<Answer>;

/**
 * Renders the real route table at `path` with `fetch` answered by `handler`, so a test sees
 * what a person sees, guards and redirects included.
 */
export function renderApp(path: string, handler: Handler) {
  return renderRoutes(appRoutes, path, handler);
}

/** A page without the app's guards and layout, in the providers main.tsx gives it. */
export function renderRoutes(
  routeTable: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  path: string,
  handler: Handler,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { status, body } = await handler(String(input), init);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    typeof routeTable === 'function' ? routeTable(queryClient) : routeTable,
    { initialEntries: [path] },
  );
  render(<AppRoot queryClient={queryClient} router={router} />);
  return { router, fetchMock, queryClient };
}

export const signedOut = { status: 200, body: { user: null, timedOut: false } };

/**
 * A session of `role`; `language` is the account's (absent: a session that says none, so the
 * browser's own choice stands, as most component tests want).
 */
export function signedInAs(
  role: string,
  emailVerified = true,
  asksNameReading = false,
  language?: 'ja' | 'en' | null,
) {
  return {
    status: 200,
    body: {
      user: {
        id: 'u1',
        email: `${role}@example.com`,
        role,
        emailVerified,
        asksNameReading,
        ...(language === undefined ? {} : { language }),
      },
      timedOut: false,
    },
  };
}
