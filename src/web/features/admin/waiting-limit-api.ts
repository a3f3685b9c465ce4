import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitingLimit } from '../../../shared/schemas/waiting-requests';
import { apiRequest } from '../../api/client';

/** The seminar's limit of requests one student may have waiting for an answer (issue 57). */
export const waitingLimitQuery = queryOptions({
  queryKey: ['admin', 'waiting-limit'],
  queryFn: () => apiRequest<WaitingLimit>('/api/admin/seminar/waiting-limit'),
});

/** An admin sets it; the answer is what was stored. */
export function useSetWaitingLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WaitingLimit) =>
      apiRequest<WaitingLimit>('/api/admin/seminar/waiting-limit', { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(waitingLimitQuery.queryKey, answer),
  });
}
