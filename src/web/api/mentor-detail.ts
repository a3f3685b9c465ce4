import { queryOptions } from '@tanstack/react-query';
import type { MentorDetail } from '../../shared/schemas/mentors';
import { apiRequest } from './client';

/** An alumnus's page as the signed-in viewer sees it: the OG page and the request form read it. */
export function mentorDetailQuery(urlParam: string) {
  return queryOptions({
    queryKey: ['mentors', 'detail', urlParam],
    queryFn: () => apiRequest<MentorDetail>(`/api/mentors/${encodeURIComponent(urlParam)}`),
  });
}
