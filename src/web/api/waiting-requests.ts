import { queryOptions } from '@tanstack/react-query';
import type { WaitingRequests } from '../../shared/schemas/waiting-requests';
import { apiRequest } from './client';

/**
 * The student's requests waiting for an alumna's answer and the seminar's limit of them (issue
 * 57): what the notice lists when she has the limit's number. Under 'visit-requests', so that
 * every change of a request refreshes it.
 */
export const waitingRequestsQuery = queryOptions({
  queryKey: ['visit-requests', 'waiting'],
  queryFn: () => apiRequest<WaitingRequests>('/api/visit-requests/waiting'),
});
