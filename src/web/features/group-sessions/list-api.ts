import { queryOptions } from '@tanstack/react-query';
import type { GroupSessionList, GroupSessionView } from '../../../shared/schemas/group-sessions';
import { apiRequest } from '../../api/client';

/**
 * The reads of 座談会 (issue 58). Her page (in the OG list's chunk) asks for her upcoming ones
 * from here and loads the cards only when there are any, so this module holds no more than the
 * queries.
 */

/** The students' list: upcoming ones, narrowed by industry or company, 20 a page. */
export const groupSessionListQuery = (filter: {
  industry?: string | undefined;
  company?: string | undefined;
  page?: number | undefined;
}) => {
  const params = new URLSearchParams();
  if (filter.industry) params.set('industry', filter.industry);
  if (filter.company) params.set('company', filter.company);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return queryOptions({
    queryKey: ['group-sessions', 'list', query],
    queryFn: () => apiRequest<GroupSessionList>(`/api/group-sessions${query ? `?${query}` : ''}`),
  });
};

/** An alumna's own (upcoming and held); a student's seats and waiting places. */
export const myGroupSessionsQuery = queryOptions({
  queryKey: ['group-sessions', 'mine'],
  queryFn: () => apiRequest<GroupSessionList>('/api/group-sessions/mine'),
});

/** Her upcoming ones, for her page. */
export const mentorGroupSessionsQuery = (urlParam: string) =>
  queryOptions({
    queryKey: ['group-sessions', 'mentor', urlParam],
    queryFn: () =>
      apiRequest<GroupSessionList>(`/api/mentors/${encodeURIComponent(urlParam)}/group-sessions`),
  });

export const groupSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['group-sessions', 'one', id],
    queryFn: () => apiRequest<GroupSessionView>(`/api/group-sessions/${encodeURIComponent(id)}`),
  });
