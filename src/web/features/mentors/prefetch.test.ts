import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../shared/roles';
import { mentorDetailLoader, mentorsListLoader } from './prefetch';

const EMPTY_PAGE = { items: [], total: 0, nextCursor: null };

/** `fetch` answering the session as `role` (null: signed out) and anything else with `body`. */
function serve(role: Role | null) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const body = url.startsWith('/api/auth/session')
        ? {
            user: role && {
              id: 'u1',
              email: 'a@example.ac.jp',
              role,
              emailVerified: true,
              asksNameReading: false,
            },
          }
        : url.startsWith('/api/mentors?')
          ? EMPTY_PAGE
          : {};
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

function loaderArgs(path: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  return {
    request: new Request(`http://localhost${path}`),
    params,
    context: undefined,
  } as LoaderFunctionArgs;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the OG list and an alumna’s page ask for their data as their route is matched', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers at once and asks for the list the address names, with the page’s key', async () => {
    const asked = serve('student');
    const queryClient = new QueryClient();
    const loaded = mentorsListLoader(queryClient)(
      loaderArgs('/mentors-list?q=%20営業%20&sort=reading&accepting=2&favourites=1'),
    );
    expect(loaded).toBeNull();
    await settled();
    // Trimmed, an unknown switch value left out, the order kept: what the page asks for.
    expect(asked).toContain(
      `/api/mentors?${new URLSearchParams({ q: '営業', favourites: '1', sort: 'reading' })}`,
    );
    expect(
      queryClient.getQueryData([
        'mentors',
        'list',
        { q: '営業', favourites: '1', sort: 'reading' },
      ]),
    ).toEqual({ pages: [EMPTY_PAGE], pageParams: [''] });
  });

  it('leaves favourites out for someone who keeps none, as the page does', async () => {
    const asked = serve('mentor');
    mentorsListLoader(new QueryClient())(loaderArgs('/mentors-list?favourites=1'));
    await settled();
    expect(asked).toContain('/api/mentors?');
  });

  it('asks nothing for a visitor who is not signed in', async () => {
    const asked = serve(null);
    mentorsListLoader(new QueryClient())(loaderArgs('/mentors-list'));
    mentorDetailLoader(new QueryClient())(loaderArgs('/mentor/abc', { urlParam: 'abc' }));
    await settled();
    expect(asked.filter((url) => !url.startsWith('/api/auth/session'))).toEqual([]);
  });

  it('asks for the alumna the address names', async () => {
    const asked = serve('student');
    const queryClient = new QueryClient();
    expect(
      mentorDetailLoader(queryClient)(loaderArgs('/mentor/a%2Fb', { urlParam: 'a/b' })),
    ).toBeNull();
    await settled();
    expect(asked).toContain('/api/mentors/a%2Fb');
  });
});
