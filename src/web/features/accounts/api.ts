import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { sessionQuery } from '../../lib/session';

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('/api/users/me', { method: 'DELETE' }),
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
