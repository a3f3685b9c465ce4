import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { THREAD_POLL_INTERVAL_MS, type ReplyTemplate } from '../../../shared/constants';
import type { ReplyTemplates, Thread, ThreadMessage } from '../../../shared/schemas/threads';
import { apiRequest } from '../../api/client';

function threadPath(id: string) {
  return `/api/visit-requests/${encodeURIComponent(id)}/messages`;
}

/** A request's thread, asked again every THREAD_POLL_INTERVAL_MS while the page is open. */
export function threadQuery(id: string) {
  return queryOptions({
    queryKey: ['threads', id],
    queryFn: () => apiRequest<Thread>(threadPath(id)),
    refetchInterval: THREAD_POLL_INTERVAL_MS,
  });
}

/** Posts one message; its clientId makes a retry safe (the server stores it once). */
export function useSendThreadMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { body: string; clientId: string }) =>
      apiRequest<ThreadMessage>(threadPath(id), { method: 'POST', body: message }),
    onSuccess: (sent) => {
      queryClient.setQueryData<Thread>(['threads', id], (thread) =>
        thread && !thread.messages.some((m) => m.id === sent.id)
          ? { ...thread, messages: [...thread.messages, sent] }
          : thread,
      );
      // The bell and the lists may have changed with it.
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}

/** The caller has read the thread (and is reading it: no mail meanwhile). */
export function useMarkThreadRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${threadPath(id)}/read`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export const replyTemplatesQuery = queryOptions({
  queryKey: ['reply-templates'],
  queryFn: () => apiRequest<{ templates: ReplyTemplate[] }>('/api/mentors/me/reply-templates'),
});

export function useSaveReplyTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyTemplates) =>
      apiRequest<{ templates: ReplyTemplate[] }>('/api/mentors/me/reply-templates', {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => queryClient.setQueryData(['reply-templates'], saved),
  });
}
