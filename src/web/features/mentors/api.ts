import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactEmailConfirmed, MentorListPage } from '../../../shared/schemas/mentors';
import { apiRequest, apiUpload } from '../../api/client';
import { myMentorProfileQuery } from '../../api/my-mentor-profile';
import { sessionQuery } from '../../lib/session';

// The own profile's query lives below every feature (her 予約枠 reads it too).
export { myMentorProfileQuery, retryProfileLoad } from '../../api/my-mentor-profile';

/** One query per filter set; pages follow the server's cursor. */
export function mentorListQuery(filters: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey: ['mentors', 'list', filters],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams(filters);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<MentorListPage>(`/api/mentors?${query.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
}

export function useRegisterMentor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiUpload<{ ok: true; signedIn?: true }>('/api/mentor-registrations', form),
    // The answer signed the new account in: read the session again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

/** PUT /api/mentors/me (multipart): the own profile, with an optional new `image`. */
export function useUpdateMyMentorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiUpload<{ imageUpdated: boolean }>('/api/mentors/me', form, 'PUT'),
    // The own profile, the list and the detail all show the new text (and icon).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mentors'] });
    },
  });
}

/** Follows the contact address's mailed link (from the page's button); her profile then says so. */
export function useConfirmContactEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<ContactEmailConfirmed>('/api/contact-email/confirm', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myMentorProfileQuery.queryKey }),
  });
}
