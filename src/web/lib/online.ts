import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a connection, as the queries see it: they pause while it has none
 * and resume when it is back (TanStack Query's onlineManager, told the browser's own answer at
 * start in main.tsx).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
