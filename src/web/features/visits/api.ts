import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitSettings } from '../../../shared/schemas/mentors';
import type {
  VisitAccept,
  VisitReply,
  VisitRequest,
  VisitRequestForm,
  VisitRequestList,
} from '../../../shared/schemas/visit-requests';
import { apiRequest } from '../../api/client';

export const visitRequestListQuery = queryOptions({
  queryKey: ['visits', 'list'],
  queryFn: () => apiRequest<VisitRequestList>('/api/visit-requests'),
});

/** The tab's badge: requests waiting for the alumnus's answer, checked every minute. */
export const awaitingReplyQuery = queryOptions({
  queryKey: ['visits', 'count'],
  queryFn: () => apiRequest<{ awaitingReply: number }>('/api/visit-requests/count'),
  refetchInterval: 60_000,
  staleTime: 30_000,
});

export function visitRequestQuery(id: string) {
  return queryOptions({
    queryKey: ['visits', 'detail', id],
    queryFn: () => apiRequest<VisitRequest>(`/api/visit-requests/${encodeURIComponent(id)}`),
  });
}

/** Every change to a request also changes the lists, the badge and the alumni's availability. */
function useVisitMutation<Input, Output = unknown>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['visits'] }),
        queryClient.invalidateQueries({ queryKey: ['mentors'] }),
      ]);
    },
  });
}

export function useSendVisitRequest() {
  return useVisitMutation((form: VisitRequestForm) =>
    apiRequest<{ id: string }>('/api/visit-requests', { method: 'POST', body: form }),
  );
}

export function useAcceptVisitRequest(id: string) {
  return useVisitMutation((input: VisitAccept) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/accept`, {
      method: 'POST',
      body: input,
    }),
  );
}

export function useDeclineVisitRequest(id: string) {
  return useVisitMutation((input: VisitReply) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/decline`, {
      method: 'POST',
      body: input,
    }),
  );
}

export function useCancelVisitRequest(id: string) {
  return useVisitMutation((input: VisitReply) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      body: input,
    }),
  );
}

export function useSaveVisitSettings() {
  return useVisitMutation((settings: VisitSettings) =>
    apiRequest<VisitSettings>('/api/mentors/me/visit-settings', { method: 'PUT', body: settings }),
  );
}
