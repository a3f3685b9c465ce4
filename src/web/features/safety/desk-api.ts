import { queryOptions } from '@tanstack/react-query';
import type { DeskAnswer } from '../../../shared/schemas/desk';
import { apiRequest } from '../../api/client';

/**
 * The seminar's 相談窓口 (GET /api/desk, public: the footer shows it on /login too). It changes
 * seldom: read once and kept for a few minutes, across the pages that show it; the console
 * puts its own save in at once.
 */
export const deskQuery = queryOptions({
  queryKey: ['desk'],
  queryFn: () => apiRequest<DeskAnswer>('/api/desk'),
  staleTime: 5 * 60_000,
});
