import { z } from 'zod';
import {
  JOB_TYPES,
  MENTOR_TOPICS,
  RECOMMENDATIONS_MAX,
  RECOMMENDATIONS_ON_LIST,
} from '../constants';
import { groupSessionCardSchema } from './group-sessions';
import { mentorCardSchema } from './mentors';

export const recommendationsQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(RECOMMENDATIONS_MAX).default(RECOMMENDATIONS_ON_LIST),
});

/**
 * Why an alumna is recommended, strongest first (server/recommendations/score.ts's Reason): the
 * card says the first in plain words (「志望業界（商社）が同じ」「入社3年目」).
 */
export const recommendationReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('same-industry'), industry: z.string() }),
  z.object({ kind: z.literal('same-category'), category: z.string() }),
  z.object({ kind: z.literal('same-job-type'), jobType: z.enum(JOB_TYPES) }),
  z.object({ kind: z.literal('years-in'), years: z.number().int() }),
  z.object({ kind: z.literal('topic'), topic: z.enum(MENTOR_TOPICS) }),
  z.object({ kind: z.literal('saved') }),
  z.object({ kind: z.literal('read-note') }),
  z.object({ kind: z.literal('same-university') }),
  z.object({ kind: z.literal('same-faculty') }),
]);
export type RecommendationReason = z.infer<typeof recommendationReasonSchema>;

/** A recommended alumna: her card as the OG list shows it, and why. */
export const recommendedMentorSchema = mentorCardSchema.extend({
  reasons: z.array(recommendationReasonSchema),
});
export type RecommendedMentor = z.infer<typeof recommendedMentorSchema>;

/**
 * 「あなたへのおすすめ」 for the signed-in student (docs/PRODUCT.md §6): best first.
 * `profileIncomplete`: she has not told her 志望業界, the strongest signal, so the list is a
 * sensible one rather than hers, and the page asks her to fill it. `groupSessions`: up to two
 * upcoming 座談会 she may join that fit her 志望業界 or the topics she asked about (issue 58).
 */
export const recommendationsSchema = z.object({
  items: z.array(recommendedMentorSchema),
  profileIncomplete: z.boolean(),
  groupSessions: z.array(groupSessionCardSchema),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;
