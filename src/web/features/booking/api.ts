import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingSettingsForm, BookingView } from '../../../shared/schemas/booking';
import { apiRequest } from '../../api/client';

/**
 * Her 予約枠: settings, windows, the preview of her next two weeks and the visits her windows no
 * longer cover. Under ['mentors', 'me'], so whatever refreshes her profile (a change of her visit
 * settings pauses or resumes her slots; an accepted or cancelled visit frees or takes one)
 * refreshes it too.
 */
export const myBookingQuery = queryOptions({
  queryKey: ['mentors', 'me', 'booking'],
  queryFn: () => apiRequest<BookingView>('/api/mentors/me/booking'),
});

/** Saves everything at once; the answer is the view worked out again, preview included. */
export function useSaveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BookingSettingsForm) =>
      apiRequest<BookingView>('/api/mentors/me/booking', { method: 'PUT', body: settings }),
    onSuccess: async (view) => {
      queryClient.setQueryData(myBookingQuery.queryKey, view);
      // Her card on the OG list shows her earliest slot.
      await queryClient.invalidateQueries({ queryKey: ['mentors', 'list'] });
    },
  });
}
