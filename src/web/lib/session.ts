import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '../../shared/schemas/auth';
import { apiRequest } from '../api/client';

/** Who is signed in: read by the shell, the guards and most pages, so it lives app-wide. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => apiRequest<SessionResponse>('/api/auth/session'),
  staleTime: 30_000,
  refetchOnWindowFocus: true,
});

export function useSession() {
  return useQuery(sessionQuery);
}
