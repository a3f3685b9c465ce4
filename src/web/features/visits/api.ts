import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitSettings } from '../../../shared/schemas/mentors';
import type {
  MeetingDetails,
  NoShowAnswerInput,
  VisitAccept,
  VisitAcceptProposal,
  VisitFeedbackInput,
  VisitOutcomeInput,
  VisitPropose,
  VisitReply,
  VisitRequest,
  VisitRequestForm,
  VisitRequestList,
} from '../../../shared/schemas/visit-requests';
import { apiRequest } from '../../api/client';
import { THREAD_POLL_INTERVAL_MS } from '../../../shared/constants';
import { currentStateIn, tellStaleAnswer } from './stale-answer';

export const visitRequestListQuery = queryOptions({
  queryKey: ['visits', 'list'],
  queryFn: () => apiRequest<VisitRequestList>('/api/visit-requests'),
});

/**
 * One request, asked again every THREAD_POLL_INTERVAL_MS while its page is open, as its thread
 * is: the other side's answer, proposal or cancellation shows within seconds.
 */
export function visitRequestQuery(id: string) {
  return queryOptions({
    queryKey: ['visits', 'detail', id],
    queryFn: () => apiRequest<VisitRequest>(`/api/visit-requests/${encodeURIComponent(id)}`),
    refetchInterval: THREAD_POLL_INTERVAL_MS,
  });
}

/**
 * Every change to a request also changes the lists, the badge and the alumni's availability. A
 * refusal that carries the request as it is now (stale-answer.tsx) shows that state at once.
 */
function useVisitMutation<Input, Output = unknown>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['visits'] }),
      queryClient.invalidateQueries({ queryKey: ['mentors'] }),
      // The thread: an acceptance ends masking, a cancellation closes it.
      queryClient.invalidateQueries({ queryKey: ['threads'] }),
    ]);
  return useMutation({
    mutationFn: call,
    onSuccess: refresh,
    onError: async (error) => {
      const current = currentStateIn(error);
      if (!current) return;
      queryClient.setQueryData(visitRequestQuery(current.id).queryKey, current);
      tellStaleAnswer(current.id);
      await refresh();
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

/** Either side proposes another time; the other side accepts it or proposes again. */
export function useProposeVisitTime(id: string) {
  return useVisitMutation((input: VisitPropose) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/propose`, {
      method: 'POST',
      body: input,
    }),
  );
}

export function useAcceptProposedTime(id: string) {
  return useVisitMutation((input: VisitAcceptProposal) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/accept-proposal`, {
      method: 'POST',
      body: input,
    }),
  );
}

/** The student opened the request: its news leaves the badge. */
export function useMarkVisitSeen(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/seen`, { method: 'POST' }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['visits', 'count'] }),
        queryClient.invalidateQueries({ queryKey: ['visits', 'list'] }),
      ]);
    },
  });
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

/** Mails the unconfirmed contact address its link again (the earlier one stops working). */
export function useResendContactEmail() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ ok: true }>('/api/mentors/me/contact-email/resend', { method: 'POST' }),
  });
}

/** The alumnus sets or changes where to meet, once the visit is agreed. */
export function useSetMeetingDetails(id: string) {
  return useVisitMutation((input: MeetingDetails) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/meeting`, {
      method: 'PUT',
      body: input,
    }),
  );
}

/** After the meeting: 実施済み or the other side's no-show. */
export function useRecordOutcome(id: string) {
  return useVisitMutation((input: VisitOutcomeInput) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/outcome`, {
      method: 'POST',
      body: input,
    }),
  );
}

/** 「参加しました」: the answer, once, to a no-show claim against the caller. */
export function useAnswerNoShow(id: string) {
  return useVisitMutation((input: NoShowAnswerInput) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/no-show-answer`, {
      method: 'POST',
      body: input,
    }),
  );
}

/** 「無事に終わりました」: the student's one tap after an in-person visit. */
export function useConfirmSafeEnd(id: string) {
  return useVisitMutation(() =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/safe-end`, { method: 'POST' }),
  );
}

/** Private feedback for the seminar. */
export function useSaveFeedback(id: string) {
  return useVisitMutation((input: VisitFeedbackInput) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/feedback`, {
      method: 'PUT',
      body: input,
    }),
  );
}

/** The student's お礼, posted into the thread once. */
export function useSendThanks(id: string) {
  return useVisitMutation((input: { body: string; clientId: string }) =>
    apiRequest(`/api/visit-requests/${encodeURIComponent(id)}/thanks`, {
      method: 'POST',
      body: input,
    }),
  );
}
