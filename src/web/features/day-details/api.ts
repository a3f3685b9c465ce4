import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DayDetails } from '../../../shared/schemas/day-details';
import type { SessionUser } from '../../../shared/schemas/auth';
import { apiRequest } from '../../api/client';
import { dayDetailsStore } from '../../lib/day-details-store';

/**
 * Under ['visits']: whatever changes a request (accepting, cancelling, the place set) asks for
 * the day's details again with the lists.
 */
export const dayDetailsQuery = {
  queryKey: ['visits', 'day-details'] as const,
  queryFn: () => apiRequest<DayDetails>('/api/visit-requests/day-details'),
  staleTime: 60_000,
};

/** Whether the site opens on this device with no connection: a service worker serves it. */
function opensOffline(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/**
 * Keeps the signed-in student's or alumna's day's details on this device (docs/PRODUCT.md §14),
 * fresh while they use the site, where the site can open offline: an installed app, or a browser
 * whose service worker holds the site. The page that shows them offline is fetched now, while
 * there is a connection, so the worker has it then.
 */
export function useKeepDayDetails(user: SessionUser | null) {
  const keeps =
    user !== null &&
    user.emailVerified &&
    (user.role === 'student' || user.role === 'mentor') &&
    opensOffline();
  const details = useQuery({ ...dayDetailsQuery, enabled: keeps });
  const data = details.data;
  useEffect(() => {
    // Only the signed-in person's: an answer still arriving for someone who signed out is not kept.
    if (!data || data.userId !== user?.id) return;
    dayDetailsStore.save(data);
    if (data.visits.length > 0) void import('./saved-visits').catch(() => undefined);
  }, [data, user?.id]);
}
