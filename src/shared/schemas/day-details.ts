import { z } from 'zod';
import { MEETING_FORMATS } from '../constants';
import { deskAnswerSchema } from './desk';

/**
 * The day's details (docs/PRODUCT.md §14): what a signed-in person's device keeps so that their
 * upcoming agreed visits can be read with no connection. Only what the day needs: when, where
 * (the place or the meeting's URL), the other side's name and contact as the request page shows
 * them, and the seminar's 相談窓口. Whose they are (`userId`) goes with them: the device shows them
 * to no one else.
 */
export const dayVisitSchema = z.object({
  id: z.string(),
  side: z.enum(['student', 'mentor']),
  meetingAt: z.string(),
  meetingFormat: z.enum(MEETING_FORMATS),
  meetingPlace: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  other: z.object({
    name: z.string(),
    withdrawn: z.boolean(),
    contactEmail: z.string().nullable(),
  }),
});
export type DayVisit = z.infer<typeof dayVisitSchema>;

export const dayDetailsSchema = z.object({
  userId: z.string(),
  visits: z.array(dayVisitSchema),
  desk: deskAnswerSchema,
});
export type DayDetails = z.infer<typeof dayDetailsSchema>;
