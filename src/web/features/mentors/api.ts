import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ContactEmailConfirmed,
  MentorListPage,
  MentorProfile,
} from '../../../shared/schemas/mentors';
import { PROFILE_LOAD_ATTEMPTS, PROFILE_LOAD_RETRY_MS } from '../../../shared/constants';
import { ApiError, apiRequest, apiUpload } from '../../api/client';
import { sessionQuery } from '../../lib/session';

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

export const myMentorProfileQuery = queryOptions({
  queryKey: ['mentors', 'me'],
  queryFn: () => apiRequest<MentorProfile>('/api/mentors/me'),
  retry: retryProfileLoad,
  retryDelay: PROFILE_LOAD_RETRY_MS,
});

export function useRegisterMentor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiUpload<{ ok: true }>('/api/mentor-registrations', form),
    // The answer signed the new account in: read the session again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

/**
 * The own profile loads with up to PROFILE_LOAD_ATTEMPTS attempts in all,
 * PROFILE_LOAD_RETRY_MS apart, while it is missing (a record still being written), the
 * network is down or the service answers 503. Any other answer is final at once.
 */
export function retryProfileLoad(failureCount: number, error: Error): boolean {
  if (failureCount >= PROFILE_LOAD_ATTEMPTS - 1) return false;
  return (
    error instanceof ApiError &&
    (error.code === 'not-found' || error.code === 'network' || error.status === 503)
  );
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
