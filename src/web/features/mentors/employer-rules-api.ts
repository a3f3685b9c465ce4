import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import { apiRequest } from '../../api/client';

/**
 * PUT /api/mentors/me/employer-rules: her employer's rules, saved on their own. Her profile,
 * her page, her 予約枠 and her requests all show or apply them, so every one is read again.
 */
export function useSaveEmployerRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: EmployerRules) =>
      apiRequest<{ employerRules: EmployerRules }>('/api/mentors/me/employer-rules', {
        method: 'PUT',
        body: rules,
      }),
    // ['mentors'] holds her profile, her page and her 予約枠 (['mentors', 'me', 'booking']).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['mentors'] }),
        queryClient.invalidateQueries({ queryKey: ['visits'] }),
      ]),
  });
}
