import { z } from 'zod';
import { MEETING_FORMATS, NO_SHOW_DECISIONS, PLACE_KINDS } from '../constants';
import { ROLES } from '../roles';
import { INVITATION_ROLES } from './invitations';
import { kanaReadingSchema, oneLineText } from './common';
import { VALIDATION } from '../messages/validation-keys';

/**
 * The admin console's API (/api/admin/*, admin only). Every write is recorded in the audit
 * log with the acting admin's id and ids of what it touched, never the personal data itself.
 */

export const ADMIN_PAGE_SIZE = 50;
/** Sign-ups per week on the overview cover this many weeks, the current one last. */
export const SIGN_UP_WEEKS = 12;
/** Months of requests the overview's funnel shows. */
export const VISIT_FUNNEL_MONTHS = 6;

const count = z.number().int().nonnegative();

// ---------------------------------------------------------------- overview

/** Mail waiting to be sent, and mail given up on. */
export const outboxBacklogSchema = z.object({
  pending: count,
  failed: count,
  /** Age of the oldest message waiting, in seconds; null when none waits. */
  oldestPendingSeconds: count.nullable(),
});
export type OutboxBacklog = z.infer<typeof outboxBacklogSchema>;

export const adminOverviewSchema = z.object({
  students: z.object({
    total: count,
    /** Sorted by count, largest first. */
    byUniversity: z.array(
      z.object({ universityName: z.string(), universityNameEn: z.string().nullable(), count }),
    ),
    /** In the order of GRADES; grades nobody is in are listed with 0. */
    byGrade: z.array(z.object({ grade: z.string(), count })),
  }),
  /** Alumni: users with role mentor or mentor_pending that have a mentor profile. */
  mentors: z.object({
    total: count,
    /** In the taxonomy's order; categories with nobody are listed with 0. */
    byIndustryCategory: z.array(z.object({ category: z.string(), count })),
    /** Ascending by year; only years someone graduated in. */
    byGraduationYear: z.array(z.object({ year: z.number().int(), count })),
  }),
  /** pending, completed, expired in this order (expiry applied before counting). */
  invitations: z.array(z.object({ status: z.enum(['pending', 'completed', 'expired']), count })),
  /** SIGN_UP_WEEKS entries, oldest first; weekStart is the Monday (Japan time) as YYYY-MM-DD. */
  signUpsPerWeek: z.array(z.object({ weekStart: z.string(), students: count, mentors: count })),
  /**
   * The visits (docs/PRODUCT.md §7): per month of the request (Japan time, VISIT_FUNNEL_MONTHS,
   * oldest first) how many were sent, agreed, held and thanked; over those months, the share of
   * requests the alumni answered (null before any was answered or expired) and the median hours
   * to the first answer.
   */
  visits: z.object({
    byMonth: z.array(
      z.object({
        month: z.string(),
        requested: count,
        accepted: count,
        held: count,
        thanked: count,
      }),
    ),
    answerRate: z.number().nullable(),
    medianHoursToAnswer: z.number().nullable(),
  }),
  /** Reports of users that no admin has resolved yet. */
  openReports: count,
  outbox: outboxBacklogSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// ---------------------------------------------------------------- users

export const USER_STATUSES = ['active', 'suspended'] as const;

export const adminUserListQuerySchema = z.object({
  /** Matches name (folded like the OG search) or address, partially. */
  q: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** Opaque, from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

/**
 * A no-show claim against a user (docs/PRODUCT.md §7), as the admins weigh it: who claims it
 * (null once withdrawn from the site), the visit's time, the reason, the answer 「参加しました」
 * once given, its withdrawal and an admin's decision: its whole history, never erased.
 */
export const adminNoShowClaimSchema = z.object({
  /** The visit the claim is about: what an admin's decision names (null for a 座談会's). */
  visitRequestId: z.string().nullable(),
  /** A 座談会 its alumna recorded her 欠席 of (decision 0045), instead of a visit. */
  groupSession: z.object({ id: z.string(), title: z.string() }).nullable(),
  claimantName: z.string().nullable(),
  meetingAt: z.date(),
  reason: z.string(),
  claimedAt: z.date(),
  answer: z.object({ note: z.string(), at: z.date() }).nullable(),
  /** Until when an answer holds the claim for the admins. */
  answerBy: z.date(),
  withdrawnAt: z.date().nullable(),
  decision: z.enum(NO_SHOW_DECISIONS).nullable(),
  decidedAt: z.date().nullable(),
  /** An alumna's claim against a student that counts toward the stop now. */
  counts: z.boolean(),
  /** About a visit before an admin last cleared the student's no-shows: it never counts again. */
  cleared: z.boolean(),
});
export type AdminNoShowClaim = z.infer<typeof adminNoShowClaimSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** From the student or mentor profile; null for an account without one. */
  name: z.string().nullable(),
  universityName: z.string().nullable(),
  /** The university's romanised name, for English mode; null when none was given. */
  universityNameEn: z.string().nullable(),
  profile: z.enum(['student', 'mentor']).nullable(),
  /** The mentor profile's detail page parameter, when there is one. */
  mentorUrlParam: z.string().nullable(),
  emailVerified: z.boolean(),
  suspendedAt: z.date().nullable(),
  lastActiveAt: z.date().nullable(),
  createdAt: z.date(),
  /** A student's requests stopped by no-shows (docs/PRODUCT.md §7), until an admin clears them. */
  requestsStopped: z.boolean(),
  /**
   * The no-show claims against this user for visits of the last NO_SHOW_WINDOW_DAYS (what the
   * stop counts), newest first, answered or not: an answer does not lift the stop, an admin does.
   */
  noShowClaims: z.array(adminNoShowClaimSchema),
  /** An alumnus's requests: received, answered, held, and the students' average rating. */
  visitStats: z
    .object({
      received: z.number().int(),
      answered: z.number().int(),
      held: z.number().int(),
      averageRating: z.number().nullable(),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/**
 * PUT /api/admin/users/:id/role. admin: anyone. mentor / mentor_pending: needs a mentor
 * profile. student: needs a student profile. Never removes the last active admin.
 */
export const changeRoleSchema = z.object({ role: z.enum(ROLES) });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid() });

/** An admin's decision on the claim against user `id` about visit `visitRequestId`. */
export const noShowDecisionParamsSchema = z.object({ id: z.uuid(), visitRequestId: z.uuid() });
export const noShowDecisionSchema = z.object({ decision: z.enum(NO_SHOW_DECISIONS) });
export const absenceDecisionParamsSchema = z.object({ id: z.uuid(), sessionId: z.uuid() });
export type NoShowDecisionInput = z.input<typeof noShowDecisionSchema>;

// ---------------------------------------------------------------- invitations

export const INVITATION_STATUSES = ['pending', 'completed', 'expired'] as const;

export const adminInvitationListQuerySchema = z.object({
  /** Matches the invited address or the inviter's address or name, partially. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(INVITATION_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
});
export type AdminInvitationListQuery = z.input<typeof adminInvitationListQuerySchema>;

export const adminInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  inviteCode: z.string(),
  role: z.enum(INVITATION_ROLES),
  status: z.enum(INVITATION_STATUSES),
  /** null when the inviter has withdrawn (or was the system). */
  inviter: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: z.date(),
  expiresAt: z.date(),
  completedAt: z.date().nullable(),
  expiredAt: z.date().nullable(),
  /** True when an admin revoked it (it is then expired). */
  revoked: z.boolean(),
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;

export const adminInvitationPageSchema = z.object({
  invitations: z.array(adminInvitationSchema),
  nextCursor: z.string().nullable(),
});
export type AdminInvitationPage = z.infer<typeof adminInvitationPageSchema>;

export const invitationIdParamsSchema = z.object({ id: z.uuid() });

// ---------------------------------------------------------------- universities

/** A host name: labels of letters, digits and hyphens, at least one dot, no scheme or @. */
export const DOMAIN_PATTERN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const universityDomainSchema = z
  .string({ error: VALIDATION.domainInvalid })
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, VALIDATION.domainInvalid);

export const universityInputSchema = z.object({
  name: oneLineText(VALIDATION.universityNameRequired)
    .trim()
    .min(1, VALIDATION.universityNameRequired)
    .max(100, VALIDATION.textTooLong),
  // The reading sorts the lists (あいうえお順); the English name is shown in English.
  reading: kanaReadingSchema.transform((reading) => reading ?? ''),
  nameEn: oneLineText()
    .trim()
    .max(100, VALIDATION.textTooLong)
    .nullish()
    .transform((name) => name || null),
  domains: z
    .array(universityDomainSchema)
    .min(1, VALIDATION.domainRequired)
    .max(20, VALIDATION.tooManyDomains)
    .refine((list) => new Set(list).size === list.length, VALIDATION.domainDuplicated),
});
export type UniversityInput = z.input<typeof universityInputSchema>;

export const adminUniversitySchema = z.object({
  id: z.string(),
  name: z.string(),
  reading: z.string(),
  nameEn: z.string().nullable(),
  domains: z.array(z.string()),
  retiredAt: z.date().nullable(),
  studentCount: count,
  mentorCount: count,
});
export type AdminUniversity = z.infer<typeof adminUniversitySchema>;

export const universityIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

// ---------------------------------------------------------------- audit log

export const auditLogQuerySchema = z.object({
  /** Part of the acting user's address. */
  actor: z.string().trim().max(254).optional(),
  /** Exact action name, e.g. admin.user.suspend. */
  action: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** null for the system (bootstrap, jobs) or an actor that has since withdrawn. */
  actor: z
    .object({
      id: z.string(),
      email: z.string(),
      /** The profile name, when the account has one. */
      name: z.string().nullable(),
    })
    .nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /**
   * The target in words: a person's name (or address), a university's name, an
   * invitation's address; null when it is gone or has no name (the page then shows the id).
   */
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.date(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
  /** Every action name present in the log, for the filter. */
  actions: z.array(z.string()),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- feedback

export const adminFeedbackQuerySchema = z.object({
  /** Only what the students, or only what the alumni, said. */
  side: z.enum(['student', 'mentor']).optional(),
  /** Opaque, from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
});
export type AdminFeedbackQuery = z.input<typeof adminFeedbackQuerySchema>;

/** One side's private feedback on a visit, for the seminar's eyes (docs/PRODUCT.md §7). */
export const adminFeedbackSchema = z.object({
  visitRequestId: z.string(),
  side: z.enum(['student', 'mentor']),
  rating: z.number().int(),
  comment: z.string(),
  /** null once that person withdrew. */
  studentName: z.string().nullable(),
  mentorName: z.string().nullable(),
  meetingAt: z.date().nullable(),
  updatedAt: z.date(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

export const adminFeedbackPageSchema = z.object({
  items: z.array(adminFeedbackSchema),
  nextCursor: z.string().nullable(),
});
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

// ---------------------------------------------------------------- visits (what is planned)

/** The console's visits: agreed and still ahead, or held in the last RECENT_VISIT_DAYS. */
export const VISIT_SCHEDULE_TABS = ['upcoming', 'recent'] as const;
export type VisitScheduleTab = (typeof VISIT_SCHEDULE_TABS)[number];
/**
 * How far back "recent" reaches: the safe-end ask and its quiet list are over within days,
 * and a month covers the seminar's monthly look back; older visits are in the full CSV.
 */
export const RECENT_VISIT_DAYS = 30;

export const adminVisitListQuerySchema = z.object({
  tab: z.enum(VISIT_SCHEDULE_TABS).default('upcoming'),
  /** Opaque, from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
});
export type AdminVisitListQuery = z.input<typeof adminVisitListQuerySchema>;

/** The CSV of one tab: the same query without the cursor (the file holds every row). */
export const adminVisitExportQuerySchema = adminVisitListQuerySchema.pick({ tab: true });
export type AdminVisitExportQuery = z.input<typeof adminVisitExportQuerySchema>;

/**
 * One agreed visit as the seminar sees it (docs/PRODUCT.md §9): when, who, the kind of place
 * and whether the rules and the safe end were confirmed. Never the thread, the message, the
 * meeting URL or place, nor an id.
 */
export const adminVisitSchema = z.object({
  meetingAt: z.date(),
  /** null once that person withdrew. */
  studentName: z.string().nullable(),
  mentorName: z.string().nullable(),
  meetingFormat: z.enum(MEETING_FORMATS),
  /** null on visits agreed before the kind of place was asked. */
  placeKind: z.enum(PLACE_KINDS).nullable(),
  /** The alumna's short description, with placeKind 'other' only. */
  placeOther: z.string().nullable(),
  studentRulesConfirmedAt: z.date().nullable(),
  mentorRulesConfirmedAt: z.date().nullable(),
  /** In person only: when the student was asked whether it ended well, and when she said so. */
  safeEndAskedAt: z.date().nullable(),
  safeEndConfirmedAt: z.date().nullable(),
});
export type AdminVisit = z.infer<typeof adminVisitSchema>;

export const adminVisitPageSchema = z.object({
  visits: z.array(adminVisitSchema),
  nextCursor: z.string().nullable(),
});
export type AdminVisitPage = z.infer<typeof adminVisitPageSchema>;

// ---------------------------------------------------------------- visits not confirmed

/**
 * 「確認が取れていない訪問」 (docs/PRODUCT.md §9): an in-person visit whose student was asked
 * 「無事に終わりましたか」 more than SAFE_END_UNCONFIRMED_AFTER_HOURS ago and has not answered. The
 * date and the two names only: never an id, never the thread.
 */
export const adminUnconfirmedVisitSchema = z.object({
  meetingAt: z.date(),
  /** null once that person withdrew. */
  studentName: z.string().nullable(),
  mentorName: z.string().nullable(),
});
export type AdminUnconfirmedVisit = z.infer<typeof adminUnconfirmedVisitSchema>;
/** The list is short by nature; beyond this many the oldest are left off (`more`). */
export const UNCONFIRMED_VISITS_LIMIT = 50;
export const adminUnconfirmedVisitListSchema = z.object({
  items: z.array(adminUnconfirmedVisitSchema),
  more: z.boolean(),
});
export type AdminUnconfirmedVisitList = z.infer<typeof adminUnconfirmedVisitListSchema>;

// ---------------------------------------------------------------- grade rollovers

/** One April grade rollover (docs/PRODUCT.md §4). */
export const gradeRolloverSchema = z.object({
  id: z.string(),
  schoolYear: z.number().int(),
  /** How many students it moved up. */
  students: z.number().int(),
  createdAt: z.date(),
  undoneAt: z.date().nullable(),
});
export type GradeRollover = z.infer<typeof gradeRolloverSchema>;
export const gradeRolloverListSchema = z.object({ rollovers: z.array(gradeRolloverSchema) });
export const gradeRolloverParamsSchema = z.object({ id: z.uuid() });
