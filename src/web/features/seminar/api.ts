import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeminarAnswer, SeminarInput } from '../../../shared/schemas/seminar';
import { apiRequest } from '../../api/client';

/** The seminar as its invitations name it (issue 56, point 4): read by anyone. */
export const seminarQuery = queryOptions({
  queryKey: ['seminar'],
  queryFn: () => apiRequest<SeminarAnswer>('/api/seminar'),
  staleTime: 5 * 60_000,
});

/** An admin names the seminar; the answer is what was stored. */
export function useSetSeminar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SeminarInput) =>
      apiRequest<SeminarAnswer>('/api/admin/seminar', { method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(seminarQuery.queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'setup'] });
    },
  });
}
