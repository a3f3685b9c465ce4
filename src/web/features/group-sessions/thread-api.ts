import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { THREAD_POLL_INTERVAL_MS } from '../../../shared/constants';
import {
  groupSessionThreadSchema,
  type GroupSessionPostView,
  type GroupSessionThread,
} from '../../../shared/schemas/group-sessions';
import { apiRequest } from '../../api/client';

const postsPath = (id: string) => `/api/group-sessions/${encodeURIComponent(id)}/posts`;

/** A 座談会's thread, asked again as a visit's thread is while the page is open. */
export const groupSessionThreadQuery = (id: string) =>
  queryOptions({
    queryKey: ['group-sessions', id, 'posts'],
    // Read by its contract: what is not a thread shows as an error, never half a thread.
    queryFn: async () =>
      groupSessionThreadSchema.parse(await apiRequest<GroupSessionThread>(postsPath(id))),
    refetchInterval: THREAD_POLL_INTERVAL_MS,
  });

export function usePostToGroupSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<GroupSessionPostView>(postsPath(id), { method: 'POST', body: { body } }),
    // Refused too: the thread shows what stands now (closed by a cancellation meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['group-sessions', id, 'posts'] }),
  });
}
