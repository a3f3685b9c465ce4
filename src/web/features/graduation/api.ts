import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeResult } from '../../../shared/schemas/email-change';
import type { GraduationStatus } from '../../../shared/schemas/graduation';
import { apiRequest, apiUpload } from '../../api/client';
import { sessionQuery } from '../../lib/session';

/** May the student apply, and what the form starts from. */
export const graduationStatusQuery = queryOptions({
  queryKey: ['graduation'],
  queryFn: () => apiRequest<GraduationStatus>('/api/graduation'),
});

/** The application (multipart, with the icon): the personal address gets its link. */
export function useApplyForGraduation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiUpload<EmailChangeResult>('/api/graduation', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: graduationStatusQuery.queryKey }),
  });
}

/** Follows the personal address's link: the session (if any) is now an alumna's, pending. */
export function useConfirmGraduation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<EmailChangeResult>('/api/graduation/confirm', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
