import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MentorCard, MentorProfile } from '../../../shared/schemas/mentors';
import { apiRequest, apiUpload } from '../../api/client';
import { sessionQuery } from '../auth/api';

export const mentorCardsQuery = queryOptions({
  queryKey: ['mentors', 'list'],
  queryFn: () => apiRequest<MentorCard[]>('/api/mentors'),
});

export const myMentorProfileQuery = queryOptions({
  queryKey: ['mentors', 'me'],
  queryFn: () => apiRequest<MentorProfile>('/api/mentors/me'),
});

export function useRegisterMentor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiUpload<{ ok: true }>('/api/mentor-registrations', form),
    // The answer signed the new account in: read the session again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
