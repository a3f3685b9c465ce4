import { queryOptions } from '@tanstack/react-query';
import { adminSetupSchema, type AdminSetup } from '../../../shared/schemas/seminar';
import { apiRequest } from '../../api/client';

/** Each step of a new seminar's setup list, done or not (GET /api/admin/setup). */
export const adminSetupQuery = queryOptions({
  queryKey: ['admin', 'setup'],
  queryFn: () => apiRequest<AdminSetup>('/api/admin/setup'),
});

/**
 * Whether an admin still has a step to do, from what the server answered: an answer that is
 * not the list (an older server, a proxy's page) sends her to the overview as before.
 */
export function needsSetup(answer: unknown): boolean {
  const setup = adminSetupSchema.safeParse(answer);
  return setup.success && !(setup.data.desk && setup.data.seminar && setup.data.invitations);
}
