import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BulkInvitationInput,
  BulkInvitationResult,
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
    // The new row and the lower quota show at once (and the admin's setup list its tick).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'setup'] });
      return queryClient.invalidateQueries({ queryKey: invitationHistoryQuery.queryKey });
    },
  });
}

/** An admin's list of addresses: each invited on its own, each answered. */
export function useInviteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkInvitationInput) =>
      apiRequest<BulkInvitationResult>('/api/admin/invitations/bulk', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invitationHistoryQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'setup'] });
    },
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
