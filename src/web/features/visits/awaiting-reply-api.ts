import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/**
 * The tab's badge: requests waiting for the user's answer (a student's also with an answer not
 * yet opened), checked every minute. A module of its own: the header is in the first download,
 * the rest of the requests' calls (./api) come with their pages.
 */
export const awaitingReplyQuery = queryOptions({
  queryKey: ['visits', 'count'],
  queryFn: () => apiRequest<{ awaitingReply: number }>('/api/visit-requests/count'),
  refetchInterval: 60_000,
  staleTime: 30_000,
});
