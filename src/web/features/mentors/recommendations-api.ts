import { queryOptions } from '@tanstack/react-query';
import type { Recommendations } from '../../../shared/schemas/recommendations';
import { apiRequest } from '../../api/client';

/** 「あなたへのおすすめ」: the signed-in student's own, `count` of them, best first. */
export function recommendationsQuery(count: number) {
  return queryOptions({
    queryKey: ['mentors', 'recommendations', count],
    queryFn: () => apiRequest<Recommendations>(`/api/recommendations?count=${count}`),
    staleTime: 60_000,
  });
}
