import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GroupSessionCancel,
  GroupSessionEdit,
  GroupSessionForm,
  GroupSessionJoinResult,
  GroupSessionView,
} from '../../../shared/schemas/group-sessions';
import { apiRequest } from '../../api/client';

/** Every read of 座談会 starts with this key: a change anywhere refreshes the lists and the page. */
const ALL = ['group-sessions'] as const;

export function useOpenGroupSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: GroupSessionForm) =>
      apiRequest<{ id: string }>('/api/group-sessions', { method: 'POST', body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALL }),
  });
}

const seatPath = (id: string) => `/api/group-sessions/${encodeURIComponent(id)}/seat`;

/** Taking a seat (or the next place on the waiting list): one step. */
export function useTakeSeat(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<GroupSessionJoinResult>(seatPath(id), { method: 'POST' }),
    // Refused too: the page shows what stands now (full, closed, cancelled meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL }),
  });
}

export function useLeaveSeat(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(seatPath(id), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL }),
  });
}

export function useCancelGroupSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: GroupSessionCancel) =>
      apiRequest<void>(`/api/group-sessions/${encodeURIComponent(id)}/cancel`, {
        method: 'POST',
        body: cancel,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL }),
  });
}

/** Its alumna (or an admin) changes what may change before it starts: the page as it now is. */
export function useEditGroupSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: GroupSessionEdit) =>
      apiRequest<GroupSessionView>(`/api/group-sessions/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: edit,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL }),
  });
}
