import { queryOptions } from '@tanstack/react-query';
import type { Recommendations } from '../../../shared/schemas/recommendations';
import { apiRequest } from '../../api/client';

/** 「あなたへのおすすめ」: the signed-in student's own, `count` of them, best first. */
export function recommendationsQuery(count: number) {
  return queryOptions({
    queryKey: ['mentors', 'recommendations', count],
    queryFn: async () => {
      const answer = await apiRequest<Recommendations>(`/api/recommendations?count=${count}`);
      // An answer of another shape (a proxy's page, an older server) fails the query, and the
      // block says nothing, rather than failing to render over the list.
      if (!Array.isArray((answer as Partial<Recommendations> | null)?.items)) {
        throw new Error('recommendations: unexpected answer');
      }
      return answer;
    },
    staleTime: 60_000,
  });
}
