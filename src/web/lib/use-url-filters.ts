import { useEffect, useRef, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import { useDebounced } from './use-debounced';

/** How long a search box waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * A list's filters as the address holds them (so Back, reload and a shared link keep them):
 * only the allowed names, trimmed, empty ones left out. `allowed` may limit a name's values.
 * Every list that keeps its filters in the address uses this (the OG list and the console's).
 */
export function useUrlFilters<Name extends string>(
  names: readonly Name[],
  allowed: Partial<Record<Name, readonly string[]>> = {},
) {
  const [params, setParams] = useSearchParams();
  const filters = filtersInAddress(params, names, allowed);

  function setFilter(name: Name, value: string) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value.trim()) next.set(name, value.trim());
      else next.delete(name);
      return next;
    });
  }

  /** All filters at once (a form applied): the ones given and not empty, nothing else. */
  function setFilters(next: Partial<Record<Name, string>>) {
    const search = new URLSearchParams();
    for (const name of names) {
      const value = next[name]?.trim();
      if (value) search.set(name, value);
    }
    setParams(search);
  }

  function clear() {
    setParams(new URLSearchParams());
  }

  return {
    filters,
    setFilter,
    setFilters,
    clear,
    /** The address's query as it stands: a form keyed by it starts again from the address. */
    search: params.toString(),
  };
}

/**
 * The filters an address holds, read as useUrlFilters reads them (a route's loader asks for
 * the same data the page will): only the allowed names and values, trimmed, empty ones left out.
 */
export function filtersInAddress<Name extends string>(
  params: URLSearchParams,
  names: readonly Name[],
  allowed: Partial<Record<Name, readonly string[]>> = {},
): Record<string, string> {
  const filters: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = params.get(name)?.trim();
    const choices = allowed[name];
    if (value && (!choices || choices.includes(value))) filters[name] = value;
  }
  return filters as Record<string, string>;
}

/**
 * A search box tied to one query parameter: what is typed shows at once, and reaches the
 * address (and so the server) once typing has paused. Back/Forward or "clear" put the
 * address's value back in the box.
 */
export function useSearchParamText(name: string): [string, (value: string) => void] {
  // Typing replaces the history entry rather than adding one per pause.
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(name) ?? '';
  const [text, setText] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    // The address changed without typing here: show its value.
    setSeen(inAddress);
    if (inAddress !== text.trim()) setText(inAddress);
  }

  const settled = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const latest = useRef<{ inAddress: string; setParams: SetURLSearchParams }>({
    inAddress,
    setParams,
  });
  useEffect(() => {
    latest.current = { inAddress, setParams };
  });
  useEffect(() => {
    // Only a settled change of the text moves the address (never a change of the address).
    if (settled === latest.current.inAddress) return;
    latest.current.setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set(name, settled);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [settled, name]);

  return [text, setText];
}
