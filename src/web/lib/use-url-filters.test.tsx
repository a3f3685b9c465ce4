import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from './use-url-filters';

const NAMES = ['q', 'status', 'sort'] as const;
const VALUES = { status: ['open', 'resolved'], sort: ['new', 'name'] } as const;

/** The hook on a page whose address starts as `url`; `search()` reads the address as it is. */
function renderAt(url: string) {
  let location = '';
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter([{ path: '/list', element: children }], {
      initialEntries: [url],
    });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(
    () => {
      location = useLocation().search;
      return useUrlFilters(NAMES, VALUES);
    },
    { wrapper },
  );
  return { hook, search: () => location };
}

describe('useUrlFilters', () => {
  it('reads the allowed names, trimmed, with allowed values only, and nothing else', () => {
    const { hook } = renderAt('/list?q=%20商社%20&status=bogus&sort=name&other=1');
    expect(hook.result.current.filters).toEqual({ q: '商社', sort: 'name' });
  });

  it('sets one filter and keeps the others; an empty value leaves the address', () => {
    const { hook, search } = renderAt('/list?q=商社&status=open');
    act(() => hook.result.current.setFilter('status', 'resolved'));
    expect(hook.result.current.filters).toEqual({ q: '商社', status: 'resolved' });
    act(() => hook.result.current.setFilter('q', '  '));
    expect(search()).toBe('?status=resolved');
  });

  it('sets all filters at once in the order of the names, leaving out the empty ones', () => {
    const { hook, search } = renderAt('/list?q=old&other=1');
    act(() => hook.result.current.setFilters({ sort: 'name', status: '', q: '総合商社' }));
    expect(search()).toBe(`?q=${encodeURIComponent('総合商社')}&sort=name`);
    expect(hook.result.current.search).toBe(`q=${encodeURIComponent('総合商社')}&sort=name`);
  });

  it('clears every filter', () => {
    const { hook, search } = renderAt('/list?q=商社&status=open');
    act(() => hook.result.current.clear());
    expect(search()).toBe('');
    expect(hook.result.current.filters).toEqual({});
  });
});
