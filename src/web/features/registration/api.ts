import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RegistrationConfirmRequest,
  RegistrationLinkAnswer,
  RegistrationLinkRequest,
  StudentRegistrationInput,
} from '../../../shared/schemas/registration';
import { apiRequest } from '../../api/client';
import { sessionQuery } from '../../lib/session';

export function useRegisterStudent() {
  return useMutation({
    mutationFn: (body: StudentRegistrationInput) =>
      apiRequest<{ ok: true }>('/api/registrations/student', { method: 'POST', body }),
  });
}

// The registration link's page.

/** What was entered for the link's registration (null: the link is no registration link). */
export function useRegistrationLink() {
  return useMutation({
    mutationFn: (body: RegistrationLinkRequest) =>
      apiRequest<RegistrationLinkAnswer>('/api/registrations/student/link', {
        method: 'POST',
        body,
      }),
  });
}

/** Creates the account with the owner's corrections; the session is read again after. */
export function useConfirmRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegistrationConfirmRequest) =>
      apiRequest<{ ok: true }>('/api/registrations/student/confirm', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

/** "これは私の登録ではありません". */
export function useCancelRegistration() {
  return useMutation({
    mutationFn: (body: RegistrationLinkRequest) =>
      apiRequest<{ ok: true }>('/api/registrations/student/cancel', { method: 'POST', body }),
  });
}
