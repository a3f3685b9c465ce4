import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { NameReadingAnswer } from '../../../shared/schemas/auth';
import type { Withdrawal } from '../../../shared/schemas/accounts';
import { sessionQuery } from '../../lib/session';

/**
 * Deletes the account. A student who shared 訪問記録 says what becomes of them (kept without
 * her name, or deleted); without a choice the server deletes them.
 */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: Withdrawal) =>
      apiRequest<{ ok: true }>('/api/users/me', { method: 'DELETE', body: choice }),
    onSuccess: () => {
      // Nothing of the deleted account may stay in this browser.
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQuery.queryKey, { user: null, timedOut: false });
      try {
        localStorage.clear();
        sessionStorage.clear();
      } catch {
        // Blocked storage holds nothing of ours either.
      }
    },
  });
}

/** The once-after-sign-in question about the フリガナ: the reading, or null for 「あとで」. */
export function useAnswerNameReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: NameReadingAnswer) =>
      apiRequest<{ ok: true }>('/api/me/name-reading', { method: 'PUT', body: answer }),
    onSuccess: async () => {
      // The session no longer asks; the own profile shows the reading.
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: ['students', 'me'] });
      await queryClient.invalidateQueries({ queryKey: ['mentors'] });
    },
  });
}
