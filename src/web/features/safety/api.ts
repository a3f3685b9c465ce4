import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BlockedUser, BlockResult, reportFormSchema } from '../../../shared/schemas/safety';
import { apiRequest } from '../../api/client';

/** The caller's own block list (GET /api/blocks), newest first. */
export const blockedUsersQuery = queryOptions({
  queryKey: ['blocks'],
  queryFn: () => apiRequest<BlockedUser[]>('/api/blocks'),
});

export type ReportInput = z.output<typeof reportFormSchema>;

/** POST /api/reports: the admins read it; the person reported is not told. */
export function useReportUser() {
  return useMutation({
    mutationFn: (body: ReportInput) =>
      apiRequest<{ id: string }>('/api/reports', { method: 'POST', body }),
  });
}

function blockPath(userId: string) {
  return `/api/blocks/${encodeURIComponent(userId)}`;
}

/**
 * A block changes much that is on screen: the detail page's button and request form, the
 * visit requests it cancelled, the block list. Every cached query is marked stale; only the
 * ones on screen refetch.
 */
function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

export function useBlockUser() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<BlockResult>(blockPath(userId), { method: 'PUT' }),
    onSuccess: refresh,
  });
}

export function useUnblockUser() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<BlockResult>(blockPath(userId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
