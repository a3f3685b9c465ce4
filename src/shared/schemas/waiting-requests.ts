import { z } from 'zod';
import { WAITING_REQUESTS_LIMITS } from '../constants';
import { VALIDATION } from '../messages/validation-keys';

/**
 * A student's requests waiting for an alumna's answer, and the seminar's limit of them at once
 * (issue 57, point 3; docs/PRODUCT.md §7): what GET /api/visit-requests/waiting answers, and
 * what a request or a booking refused with visit/waiting-limit carries as `current`.
 */
export const waitingRequestsSchema = z.object({
  limit: z.number().int(),
  requests: z.array(
    z.object({
      id: z.string(),
      mentorName: z.string(),
      mentorUrlParam: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type WaitingRequests = z.infer<typeof waitingRequestsSchema>;

const [LOWEST, HIGHEST] = [WAITING_REQUESTS_LIMITS[0], WAITING_REQUESTS_LIMITS.at(-1)!];

/** The admins' setting (PUT /api/admin/seminar/waiting-limit): a whole number 1–5, nothing else. */
export const waitingLimitSchema = z.object({
  waitingRequestsLimit: z
    .number({ error: VALIDATION.waitingLimitRange })
    .int(VALIDATION.waitingLimitRange)
    .min(LOWEST, VALIDATION.waitingLimitRange)
    .max(HIGHEST, VALIDATION.waitingLimitRange),
});
export type WaitingLimit = z.infer<typeof waitingLimitSchema>;
