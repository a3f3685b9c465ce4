import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingFormInput, MentorSlots } from '../../../shared/schemas/booking';
import { ApiError, apiRequest } from '../../api/client';

/** Her open slots as a student sees them now (none when she cannot be asked). */
export function mentorSlotsQuery(urlParam: string) {
  return queryOptions({
    // Under 'mentors': any change to a request refreshes them (visits/api.ts).
    queryKey: ['mentors', 'slots', urlParam],
    queryFn: () => apiRequest<MentorSlots>(`/api/mentors/${encodeURIComponent(urlParam)}/slots`),
    staleTime: 30_000,
  });
}

/** The refusals that mean "choose another slot": the form shows the fresh slots. */
export const SLOT_REFUSALS = ['booking/slot-taken', 'booking/not-offered'] as const;
export type SlotRefusal = (typeof SLOT_REFUSALS)[number];

export function slotRefusalOf(error: unknown): SlotRefusal | null {
  return error instanceof ApiError && (SLOT_REFUSALS as readonly string[]).includes(error.code)
    ? (error.code as SlotRefusal)
    : null;
}

/**
 * Books one open slot: the request, in one step ('accepted' when she accepts bookings
 * automatically). A booking changes her slots, the lists and the badge; a slot refused as taken
 * or no longer offered sends for her slots as they are now.
 */
export function useBookSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: BookingFormInput) =>
      apiRequest<{ id: string; status: 'pending' | 'accepted' }>('/api/visit-requests/bookings', {
        method: 'POST',
        body: form,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['visits'] }),
        queryClient.invalidateQueries({ queryKey: ['mentors'] }),
        queryClient.invalidateQueries({ queryKey: ['threads'] }),
      ]),
    onError: async (error) => {
      if (slotRefusalOf(error)) {
        await queryClient.invalidateQueries({ queryKey: ['mentors', 'slots'] });
      }
    },
  });
}
