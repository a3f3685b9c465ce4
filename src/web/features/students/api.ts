import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_LOAD_RETRY_MS } from '../../../shared/constants';
import type { StudentProfile, StudentProfileUpdateInput } from '../../../shared/schemas/students';
import { apiRequest } from '../../api/client';
import { retryProfileLoad } from '../mentors/api';

export const myStudentProfileQuery = queryOptions({
  queryKey: ['students', 'me'],
  queryFn: () => apiRequest<StudentProfile>('/api/students/me'),
  retry: retryProfileLoad,
  retryDelay: PROFILE_LOAD_RETRY_MS,
});

/** PUT /api/students/me: answers with the updated profile, which replaces the cached one. */
export function useUpdateMyStudentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentProfileUpdateInput) =>
      apiRequest<StudentProfile>('/api/students/me', { method: 'PUT', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(myStudentProfileQuery.queryKey, profile);
    },
  });
}
