import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/** The user's private calendar feed URL (made on first ask). */
export const calendarFeedQuery = queryOptions({
  queryKey: ['calendar', 'feed'],
  queryFn: () => apiRequest<{ url: string }>('/api/calendar/feed'),
});

/** A new secret: the old URL stops working. */
export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>('/api/calendar/feed/regenerate', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
