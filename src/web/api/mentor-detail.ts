import { queryOptions } from '@tanstack/react-query';
import type { MentorDetail } from '../../shared/schemas/mentors';
import { apiRequest } from './client';

/**
 * An alumnus's page as the signed-in viewer sees it: the OG page and the request form read it.
 * What the route's loader asked for a moment ago is what the page shows
 * (features/mentors/prefetch.ts), not asked for a second time as it mounts; every change to a
 * request or a favourite refreshes it whatever its age.
 */
export function mentorDetailQuery(urlParam: string) {
  return queryOptions({
    queryKey: ['mentors', 'detail', urlParam],
    queryFn: () => apiRequest<MentorDetail>(`/api/mentors/${encodeURIComponent(urlParam)}`),
    staleTime: 10_000,
  });
}
