import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInvitationInput,
  Invitation,
  InvitationHistory,
  InvitationLookup,
} from '../../../shared/schemas/invitations';
import { apiRequest } from '../../api/client';

export const invitationHistoryQuery = queryOptions({
  queryKey: ['invitations'],
  queryFn: () => apiRequest<InvitationHistory>('/api/invitations'),
});

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationInput) =>
      apiRequest<Invitation>('/api/invitations', { method: 'POST', body }),
    // The new row and the lower quota show at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationHistoryQuery.queryKey }),
  });
}

export function invitationLookupQuery(email: string | null, code: string | null) {
  const query = new URLSearchParams();
  if (email !== null) query.set('email', email);
  if (code !== null) query.set('code', code);
  return queryOptions({
    queryKey: ['invitation-lookup', email, code],
    queryFn: () => apiRequest<InvitationLookup>(`/api/invitations/lookup?${query.toString()}`),
    retry: false,
  });
}
