import { z } from 'zod';

/**
 * The console's 「依頼の偏り」 page (/api/admin/reach, admin only; docs/PRODUCT.md §9): where the
 * requests of this month and the last ones went, and who is left out today. Months are Japan
 * time. Suspended accounts and alumni awaiting approval are in no list (they cannot ask or be
 * asked); a withdrawn person's requests count in a month's figures, under no alumna.
 */

/** This month and the three before it. */
export const REACH_MONTHS = 4;
/** An alumna not asked for this many days is listed as never asked. */
export const NEVER_ASKED_DAYS = 60;
/** Each list shows this many people on the page; its CSV holds them all. */
export const REACH_LIST_LIMIT = 100;
/** The share of alumni whose part of the requests the page names: the top fifth. */
export const TOP_SHARE_OF_ALUMNI = 0.2;

const count = z.number().int().nonnegative();

export const reachMonthSchema = z.object({
  /** YYYY-MM, Japan time. */
  month: z.string(),
  /** Every request sent that month, a withdrawn alumna's too. */
  requested: count,
  /** A meeting time was agreed (even if cancelled later), as on the overview's funnel. */
  agreed: count,
  /** Agreed, declined or left to expire: the requests that found their answer. */
  decided: count,
  /** agreed ÷ decided; null when none was decided. */
  acceptanceRate: z.number().nullable(),
  /** Median hours from the request to the alumna's first answer, one decimal; null if none. */
  medianHoursToAnswer: z.number().nullable(),
  /** Each alumna asked that month with her count, most first (withdrawn alumni left out). */
  perMentor: z.array(z.object({ userId: z.string(), name: z.string(), count })),
  /**
   * The part of the month's requests (to alumni still here) that went to the most asked fifth
   * of the alumni who can be asked today; null in a month without requests.
   */
  topFifthShare: z.number().nullable(),
});
export type ReachMonth = z.infer<typeof reachMonthSchema>;

export const neverAskedMentorSchema = z.object({
  userId: z.string(),
  name: z.string(),
  company: z.string(),
  /** The last request she received, before the window; null if none ever. */
  lastAskedAt: z.date().nullable(),
  /** She turned requests off herself (受付停止中). */
  acceptingRequests: z.boolean(),
  registeredAt: z.date(),
});
export type NeverAskedMentor = z.infer<typeof neverAskedMentorSchema>;

export const leftOutStudentSchema = z.object({
  userId: z.string(),
  name: z.string(),
  universityName: z.string(),
  universityNameEn: z.string().nullable(),
  grade: z.string(),
  registeredAt: z.date(),
  /** Requests she sent (0 on the list of students with no request). */
  requests: count,
  lastRequestAt: z.date().nullable(),
});
export type LeftOutStudent = z.infer<typeof leftOutStudentSchema>;

function listOf<T extends z.ZodTypeAny>(item: T) {
  /** `total` people are on the list; `items` are its first REACH_LIST_LIMIT. */
  return z.object({ total: count, items: z.array(item) });
}

export const adminReachSchema = z.object({
  /** REACH_MONTHS entries, oldest first, the current month last. */
  months: z.array(reachMonthSchema),
  /** Alumni who can be asked today: approved and not suspended. */
  alumni: count,
  /** Alumni not asked in the last NEVER_ASKED_DAYS days: the longest unasked first. */
  neverAsked: listOf(neverAskedMentorSchema),
  /** Students who have never sent a request: the longest registered first. */
  noRequest: listOf(leftOutStudentSchema),
  /**
   * Students who sent requests but have no agreed visit (ahead or past; one cancelled after it
   * was agreed does not count): the most requests first.
   */
  noVisit: listOf(leftOutStudentSchema),
});
export type AdminReach = z.infer<typeof adminReachSchema>;

export const REACH_LISTS = ['never-asked', 'no-request', 'no-visit'] as const;
export type ReachList = (typeof REACH_LISTS)[number];

export const adminReachExportQuerySchema = z.object({ list: z.enum(REACH_LISTS) });
export type AdminReachExportQuery = z.infer<typeof adminReachExportQuerySchema>;
