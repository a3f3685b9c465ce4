import { queryOptions } from '@tanstack/react-query';
import type { AdminSetup } from '../../../shared/schemas/seminar';
import { apiRequest } from '../../api/client';

/** Each step of a new seminar's setup list, done or not (GET /api/admin/setup). */
export const adminSetupQuery = queryOptions({
  queryKey: ['admin', 'setup'],
  queryFn: () => apiRequest<AdminSetup>('/api/admin/setup'),
});

/** Whether every step is done: the admin then lands on the console's overview. */
export function setupDone(setup: AdminSetup): boolean {
  return setup.desk && setup.seminar && setup.invitations;
}
