import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/** The feed URLs: the visits, and an alumna's 予約枠 as free/busy (null for a student). */
export interface FeedUrls {
  url: string;
  slotsUrl: string | null;
}

/** The user's private calendar feed URLs (made on first ask). */
export const calendarFeedQuery = queryOptions({
  queryKey: ['calendar', 'feed'],
  queryFn: () => apiRequest<FeedUrls>('/api/calendar/feed'),
});

/** A new secret: the old URLs stop working. */
export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<FeedUrls>('/api/calendar/feed/regenerate', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
