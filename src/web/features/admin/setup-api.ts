import { queryOptions } from '@tanstack/react-query';
import type { AdminSetup } from '../../../shared/schemas/seminar';
import { apiRequest } from '../../api/client';

/** Each step of a new seminar's setup list, done or not (GET /api/admin/setup). */
export const adminSetupQuery = queryOptions({
  queryKey: ['admin', 'setup'],
  queryFn: () => apiRequest<AdminSetup>('/api/admin/setup'),
});

/**
 * Whether an admin still has a step to do, from what the server answered: an answer that is
 * not the list (an older server, a proxy's page) sends her to the overview as before. Checked
 * by hand, not with the schema: the app shell reads this on every first page, and zod would
 * then come with /login's first download (bench/budgets.ts).
 */
export function needsSetup(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const steps = answer as Record<keyof AdminSetup, unknown>;
  const done = [steps.desk, steps.seminar, steps.invitations];
  if (!done.every((step) => typeof step === 'boolean')) return false;
  return done.includes(false);
}
