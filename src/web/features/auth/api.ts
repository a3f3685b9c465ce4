import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompleteCodeRequest,
  CompleteLinkRequest,
  LinkStatus,
  LoginLinkRequest,
  PublicConfig,
  VerificationStatus,
} from '../../../shared/schemas/auth';
import { apiRequest } from '../../api/client';
import { sessionQuery } from '../../lib/session';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => apiRequest<PublicConfig>('/api/config'),
  staleTime: Infinity,
});

export function useRequestLoginLink() {
  return useMutation({
    mutationFn: (body: LoginLinkRequest) =>
      apiRequest<{ ok: true }>('/api/auth/login-link', { method: 'POST', body }),
  });
}

/** After any sign-in the session is read again, so guards and tabs follow the new user. */
function useSignInMutation<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest<{ ok: true }>(path, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

export function useCompleteLink() {
  return useSignInMutation<CompleteLinkRequest>('/api/auth/complete-link');
}

/**
 * Whether the link can still be used, asked once before the page asks for the
 * address; a used or expired link then says so at once.
 */
export function useLinkStatus(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['link-status', token],
    queryFn: () =>
      apiRequest<LinkStatus>('/api/auth/link-status', { method: 'POST', body: { token } }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

export function useCompleteCode() {
  return useSignInMutation<CompleteCodeRequest>('/api/auth/complete-code');
}

/** The waiting page's status when the browser holds no session. */
export const verificationStatusQuery = queryOptions({
  queryKey: ['verification-status'],
  queryFn: () => apiRequest<VerificationStatus>('/api/auth/verification-status'),
});

export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('/api/auth/resend-verification', { method: 'POST' }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      // Nothing of the signed-out user may stay in the cache.
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQuery.queryKey, { user: null, timedOut: false });
    },
  });
}
