import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeRequest, EmailChangeResult } from '../../../shared/schemas/email-change';
import { apiRequest } from '../../api/client';
import { sessionQuery } from '../../lib/session';

/** Mails the new address its link. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: EmailChangeRequest) =>
      apiRequest<EmailChangeResult>('/api/me/email-change', { method: 'POST', body: input }),
  });
}

/** Follows the new address's link: the session (if any) now shows the new address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<EmailChangeResult>('/api/email-change/confirm', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

/** Follows the old address's undo link: every session of the account ends, this one too. */
export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<EmailChangeResult>('/api/email-change/undo', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
