import { queryOptions } from '@tanstack/react-query';
import { PROFILE_LOAD_ATTEMPTS, PROFILE_LOAD_RETRY_MS } from '../../shared/constants';
import type { MentorProfile } from '../../shared/schemas/mentors';
import { ApiError, apiRequest } from './client';

/**
 * The own alumni profile (GET /api/mentors/me): her profile pages read it, and her 予約枠 reads
 * her employer's rules from it (features/employer-rules), so it lives here, below both.
 */
export const myMentorProfileQuery = queryOptions({
  queryKey: ['mentors', 'me'],
  queryFn: () => apiRequest<MentorProfile>('/api/mentors/me'),
  retry: retryProfileLoad,
  retryDelay: PROFILE_LOAD_RETRY_MS,
});

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
