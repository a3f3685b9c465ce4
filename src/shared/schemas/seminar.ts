import { z } from 'zod';
import { SEMINAR_LEADER_MAX_LENGTH, SEMINAR_NAME_MAX_LENGTH } from '../constants';
import { maskContactDetails } from '../contact-masking';
import { VALIDATION, type ValidationKey } from '../messages/validation-keys';
import { oneLineText } from './common';

/**
 * The seminar as its invitations name it (docs/PRODUCT.md §5): its name and its teacher's or
 * admin's, set by the admins (PUT /api/admin/seminar), read by anyone (GET /api/seminar) for the
 * invitation mail, the invite form and the invitee's registration page.
 */

/**
 * A name only: it is printed in mail to addresses an inviter typed, so a URL, an address or a
 * number in it would make the seminar's name a way to send them.
 */
const seminarText = (max: number, tooLong: ValidationKey) =>
  oneLineText()
    .trim()
    .max(max, tooLong)
    .refine((text) => !maskContactDetails(text).masked, VALIDATION.seminarNoContact);

/** Both empty unsets it; a name is said with the person who invites in it, so both or none. */
export const seminarInputSchema = z
  .object({
    name: seminarText(SEMINAR_NAME_MAX_LENGTH, VALIDATION.seminarNameTooLong),
    leaderName: seminarText(SEMINAR_LEADER_MAX_LENGTH, VALIDATION.seminarLeaderTooLong),
  })
  .superRefine((seminar, context) => {
    if (seminar.name !== '' && seminar.leaderName === '') {
      context.addIssue({
        code: 'custom',
        path: ['leaderName'],
        message: VALIDATION.seminarLeaderRequired,
      });
    }
  });
export type SeminarInput = z.input<typeof seminarInputSchema>;

export const seminarSchema = z.object({ name: z.string(), leaderName: z.string() });
export type Seminar = z.infer<typeof seminarSchema>;

/** GET /api/seminar: the seminar as set, or null while it is not. */
export const seminarAnswerSchema = z.object({ seminar: seminarSchema.nullable() });
export type SeminarAnswer = z.infer<typeof seminarAnswerSchema>;

/** GET /api/admin/setup: each step of a new seminar's setup list, done or not. */
export const adminSetupSchema = z.object({
  desk: z.boolean(),
  seminar: z.boolean(),
  invitations: z.boolean(),
});
export type AdminSetup = z.infer<typeof adminSetupSchema>;
