import { queryOptions } from '@tanstack/react-query';
import type { UniversityOption } from '../../shared/schemas/universities';
import { apiRequest } from '../api/client';

/** The universities every form and filter lists, as the server offers them. */
export const universitiesQuery = queryOptions({
  queryKey: ['universities'],
  queryFn: () => apiRequest<UniversityOption[]>('/api/universities'),
  staleTime: 10 * 60_000,
});
