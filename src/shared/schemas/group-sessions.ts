import { z } from 'zod';
import {
  GRADES,
  MEETING_FORMATS,
  MEETING_PLACE_MAX_LENGTH,
  MENTOR_TOPICS,
  THREAD_MESSAGE_MAX_LENGTH,
  VISIT_LATEST_END_HOUR,
  VISIT_REPLY_MAX_LENGTH,
} from '../constants';
import { VALIDATION } from '../messages/validation-keys';
import { multiLineText, oneLineText } from './common';
import {
  meetingDetailsSchema,
  meetingTimeSchema,
  noShowClaimSchema,
  placeText,
  slotInstant,
} from './visit-requests';

/**
 * 座談会 (issue 58): one alumna, several students, one time. She (or an admin for her) opens it
 * with a number of seats; students take a seat in one step, or wait in order when it is full, and
 * are moved up as seats free. The attendees are never shown to each other.
 */

export const GROUP_SESSION_SEATS_MIN = 2;
export const GROUP_SESSION_SEATS_MAX = 20;
export const GROUP_SESSION_TITLE_MAX_LENGTH = 60;
export const GROUP_SESSION_DESCRIPTION_MAX_LENGTH = 1000;
/** The lengths she may choose, in minutes; it ends by VISIT_LATEST_END_HOUR like any visit. */
export const GROUP_SESSION_MINUTES = [45, 60, 90, 120] as const;
/** Sign-up closes at least this long before it starts (she needs to know who comes). */
export const GROUP_SESSION_CLOSE_MIN_MINUTES_BEFORE = 60;

/**
 * Where an in-person 座談会 is held: the university, her office or a public place (never 'other':
 * a room for several students is one of these three).
 */
export const GROUP_SESSION_PLACE_KINDS = ['university', 'office', 'public'] as const;
export type GroupSessionPlaceKind = (typeof GROUP_SESSION_PLACE_KINDS)[number];

/**
 * Who may take a seat: every student of the seminar, students of some grades, or the students of
 * one university.
 */
export const groupSessionAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({
      kind: z.literal('grades'),
      grades: z
        .array(z.enum(GRADES, { error: VALIDATION.invalidChoice }))
        .min(1, VALIDATION.groupSessionGradesRequired)
        .max(GRADES.length)
        .transform((grades) => [...new Set(grades)]),
    }),
    z.object({
      kind: z.literal('university'),
      universityId: z.string().trim().min(1, VALIDATION.universityRequired).max(100),
    }),
  ],
  { error: VALIDATION.invalidChoice },
);
export type GroupSessionAudience = z.output<typeof groupSessionAudienceSchema>;

/** The minutes since midnight (Japan time) of a "YYYY-MM-DDTHH:mm". */
const minuteOfLocal = (local: string) =>
  Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

/**
 * What she fills in to open a 座談会. Times are "YYYY-MM-DDTHH:mm" in Japan time, as the browser's
 * date-time field gives them (the start under the meeting-hours rule of any visit). An admin
 * opening one for an alumna names her by `mentorUrlParam`; an alumna's own is hers.
 */
export const groupSessionFormSchema = z
  .object({
    mentorUrlParam: z.string().trim().min(1).max(100).optional(),
    title: oneLineText(VALIDATION.groupSessionTitleRequired)
      .trim()
      .min(1, VALIDATION.groupSessionTitleRequired)
      .max(GROUP_SESSION_TITLE_MAX_LENGTH, VALIDATION.groupSessionTitleTooLong),
    description: multiLineText()
      .trim()
      .max(GROUP_SESSION_DESCRIPTION_MAX_LENGTH, VALIDATION.groupSessionDescriptionTooLong)
      .optional()
      .default(''),
    /** What it covers, from her 相談できること's list. */
    topics: z
      .array(z.enum(MENTOR_TOPICS, { error: VALIDATION.invalidChoice }))
      .min(1, VALIDATION.groupSessionTopicsRequired)
      .max(MENTOR_TOPICS.length)
      .transform((topics) => [...new Set(topics)]),
    startsAt: meetingTimeSchema,
    minutes: z
      .number({ error: VALIDATION.invalidChoice })
      .int()
      .refine(
        (value) => (GROUP_SESSION_MINUTES as readonly number[]).includes(value),
        VALIDATION.invalidChoice,
      ),
    meetingFormat: z.enum(MEETING_FORMATS, { error: VALIDATION.meetingFormatRequired }),
    /** In person: the kind of place (required) and her words for it (refused words as for visits). */
    placeKind: z
      .enum(GROUP_SESSION_PLACE_KINDS, { error: VALIDATION.placeKindRequired })
      .nullable()
      .optional(),
    meetingPlace: placeText(MEETING_PLACE_MAX_LENGTH, VALIDATION.meetingPlaceTooLong).optional(),
    /** Online: the meeting URL, under the same rules as a visit's (may be given later). */
    meetingUrl: meetingDetailsSchema.shape.meetingUrl,
    seats: z
      .number({ error: VALIDATION.groupSessionSeatsRange })
      .int(VALIDATION.groupSessionSeatsRange)
      .min(GROUP_SESSION_SEATS_MIN, VALIDATION.groupSessionSeatsRange)
      .max(GROUP_SESSION_SEATS_MAX, VALIDATION.groupSessionSeatsRange),
    audience: groupSessionAudienceSchema,
    /** When sign-up closes: after now, at least GROUP_SESSION_CLOSE_MIN_MINUTES_BEFORE before it starts. */
    signUpClosesAt: z.string({ error: VALIDATION.visitSlotInvalid }).trim().max(20),
    safetyRulesConfirmed: z.literal(true, { error: VALIDATION.safetyRulesRequired }),
  })
  .superRefine((form, context) => {
    const end = minuteOfLocal(form.startsAt) + form.minutes;
    if (end > VISIT_LATEST_END_HOUR * 60) {
      context.addIssue({ code: 'custom', path: ['minutes'], message: VALIDATION.windowHours });
    }
    if (form.meetingFormat === 'in_person' && !form.placeKind) {
      context.addIssue({
        code: 'custom',
        path: ['placeKind'],
        message: VALIDATION.placeKindRequired,
      });
    }
    const starts = slotInstant(form.startsAt);
    const closes = slotInstant(form.signUpClosesAt);
    if (!closes) {
      context.addIssue({
        code: 'custom',
        path: ['signUpClosesAt'],
        message: VALIDATION.visitSlotInvalid,
      });
      return;
    }
    if (closes.getTime() <= Date.now()) {
      context.addIssue({
        code: 'custom',
        path: ['signUpClosesAt'],
        message: VALIDATION.visitSlotPast,
      });
    } else if (
      starts &&
      closes.getTime() > starts.getTime() - GROUP_SESSION_CLOSE_MIN_MINUTES_BEFORE * 60_000
    ) {
      context.addIssue({
        code: 'custom',
        path: ['signUpClosesAt'],
        message: VALIDATION.groupSessionClosesTooLate,
      });
    }
  });
export type GroupSessionFormInput = z.input<typeof groupSessionFormSchema>;
export type GroupSessionForm = z.output<typeof groupSessionFormSchema>;

/**
 * Where a 座談会 stands for sign-up: open, full (new students wait), closed (the closing time
 * passed), held (its time passed) or cancelled.
 */
export const GROUP_SESSION_STATES = ['open', 'full', 'closed', 'held', 'cancelled'] as const;
export type GroupSessionState = (typeof GROUP_SESSION_STATES)[number];

/** The reader's own place in it: a seat, a place on the waiting list (1 = next), or none. */
export const groupSessionPlaceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('seated') }),
  z.object({ kind: z.literal('waiting'), position: z.number().int().min(1) }),
  z.object({ kind: z.literal('none') }),
]);
export type GroupSessionPlace = z.infer<typeof groupSessionPlaceSchema>;

/** A 座談会 as a list shows it (the students' 「座談会」 list, her page, her own list). */
export const groupSessionCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  mentor: z.object({
    name: z.string(),
    company: z.string(),
    urlParam: z.string(),
    industryCategory: z.string(),
    /** Her icon's URL, or null. */
    iconUrl: z.string().nullable(),
  }),
  topics: z.array(z.enum(MENTOR_TOPICS)),
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  signUpClosesAt: z.string(),
  meetingFormat: z.enum(MEETING_FORMATS),
  placeKind: z.enum(GROUP_SESSION_PLACE_KINDS).nullable(),
  seats: z.number().int(),
  seatsLeft: z.number().int(),
  state: z.enum(GROUP_SESSION_STATES),
  audience: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('grades'), grades: z.array(z.string()) }),
    z.object({
      kind: z.literal('university'),
      universityId: z.string(),
      universityName: z.string(),
      /** Its romanised name for English mode, where the seminar gave one. */
      universityNameEn: z.string().nullable(),
    }),
  ]),
  /** The reader's place (a student's; 'none' for anyone else). */
  mine: groupSessionPlaceSchema,
  /** Whether the reader (a student) may take a seat or a place on the waiting list now. */
  canJoin: z.boolean(),
});
export type GroupSessionCard = z.infer<typeof groupSessionCardSchema>;

export const groupSessionListSchema = z.object({
  items: z.array(groupSessionCardSchema),
  total: z.number().int(),
});
export type GroupSessionList = z.infer<typeof groupSessionListSchema>;

/**
 * The students' 「座談会」 list: upcoming ones, narrowed by industry (the alumna's category) or by
 * company (any spelling of its name, as a company's page names it: decision 0040).
 */
export const groupSessionListQuerySchema = z.object({
  industry: z.string().trim().max(100).optional(),
  company: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional().default(1),
});
export type GroupSessionListQuery = z.infer<typeof groupSessionListQuerySchema>;

/** One attendee as the alumna and the admins see her (never shown to other students). */
export const groupSessionAttendeeSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  university: z.string(),
  /** Its romanised name where an admin gave one: what English mode shows (the site's rule). */
  universityNameEn: z.string().nullable(),
  grade: z.string(),
  place: groupSessionPlaceSchema,
  /** Recorded by the alumna after it is held: 参加 / 欠席, or null before. */
  attended: z.boolean().nullable(),
  /** Her 欠席 as a no-show claim, with her answer, once filed (kept after a withdrawal). */
  absence: noShowClaimSchema.nullable(),
  /** 「無事に終わりましたか」 and her answer: to the admins only (null to its alumna). */
  safeEnd: z.object({ askedAt: z.string(), confirmedAt: z.string().nullable() }).nullable(),
});
export type GroupSessionAttendee = z.infer<typeof groupSessionAttendeeSchema>;

/**
 * One 座談会 on its page. The place's words and the meeting URL are shown to its alumna, the
 * admins and seated students only; `attendees` to its alumna and the admins only (null to
 * students: they see the count of seats left, never who else comes).
 */
export const groupSessionViewSchema = groupSessionCardSchema.extend({
  description: z.string(),
  meetingPlace: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  /** How the reader stands to it. */
  as: z.enum(['host', 'admin', 'student']),
  waitingCount: z.number().int(),
  attendees: z.array(groupSessionAttendeeSchema).nullable(),
  cancelledReason: z.string().nullable(),
  /**
   * The reading student's after it is held (null to anyone else): her 欠席 as a no-show claim
   * against her (decision 0045), how many of hers count toward the stop, and 「無事に終わりましたか」
   * once asked (never after a 欠席).
   */
  after: z
    .object({
      absence: noShowClaimSchema.nullable(),
      noShowsCounted: z.number().int(),
      safeEnd: z.object({ askedAt: z.string(), confirmedAt: z.string().nullable() }).nullable(),
      /** Its alumna's user id: whom 「困ったことがあった」 reports. */
      hostId: z.string(),
    })
    .nullable(),
});
export type GroupSessionView = z.infer<typeof groupSessionViewSchema>;

/** Taking a seat: her place afterwards (seated, or waiting at a position). */
export const groupSessionJoinResultSchema = z.object({ mine: groupSessionPlaceSchema });
export type GroupSessionJoinResult = z.infer<typeof groupSessionJoinResultSchema>;

/** Cancelling a 座談会 (its alumna or an admin): a reason, which everyone seated or waiting is told. */
export const groupSessionCancelSchema = z.object({
  reason: multiLineText(VALIDATION.groupSessionCancelReasonRequired)
    .trim()
    .min(1, VALIDATION.groupSessionCancelReasonRequired)
    .max(VISIT_REPLY_MAX_LENGTH, VALIDATION.visitReplyTooLong),
});
export type GroupSessionCancel = z.infer<typeof groupSessionCancelSchema>;

/** Attendance, recorded by its alumna after its start: each seated student 参加 or 欠席. */
export const groupSessionAttendanceSchema = z.object({
  attendance: z
    .array(z.object({ studentId: z.uuid(), attended: z.boolean() }))
    .min(1)
    .max(GROUP_SESSION_SEATS_MAX)
    // One record for each student: two for one would leave which one holds to chance.
    .refine(
      (entries) => new Set(entries.map((entry) => entry.studentId)).size === entries.length,
      VALIDATION.groupSessionAttendanceTwice,
    ),
});
export type GroupSessionAttendance = z.infer<typeof groupSessionAttendanceSchema>;

/** A post in its thread: the alumna to all, a student's question (contact details masked). */
export const groupSessionPostSchema = z.object({
  body: multiLineText(VALIDATION.threadMessageRequired)
    .trim()
    .min(1, VALIDATION.threadMessageRequired)
    .max(THREAD_MESSAGE_MAX_LENGTH, VALIDATION.threadMessageTooLong),
});
export type GroupSessionPost = z.infer<typeof groupSessionPostSchema>;

/**
 * A post as its thread shows it. A student's question is shown to the other students without
 * her name (「参加者の質問」): they never see who else comes (PRODUCT.md §7c). Its alumna and the
 * admins see every name. `authorId` names the author to a reader who may report her (null when
 * the reader may not know who wrote it, and for her own posts).
 */
export const groupSessionPostViewSchema = z.object({
  id: z.string(),
  side: z.enum(['mentor', 'student']),
  /** The author's name, or null where it is hidden from the reader (or the account is gone). */
  authorName: z.string().nullable(),
  authorId: z.string().nullable(),
  mine: z.boolean(),
  body: z.string(),
  /** Whether contact details were masked out of it. */
  masked: z.boolean(),
  createdAt: z.string(),
});
export type GroupSessionPostView = z.infer<typeof groupSessionPostViewSchema>;

/** Why nobody can post now: called off, or its thread closed (the days after it passed). */
export const GROUP_SESSION_THREAD_CLOSED_REASONS = ['cancelled', 'ended'] as const;

/** GET /api/group-sessions/:id/posts: its posts, oldest first, and whether the reader may post. */
export const groupSessionThreadSchema = z.object({
  posts: z.array(groupSessionPostViewSchema),
  canPost: z.boolean(),
  closedReason: z.enum(GROUP_SESSION_THREAD_CLOSED_REASONS).nullable(),
});
export type GroupSessionThread = z.infer<typeof groupSessionThreadSchema>;

/**
 * What its alumna (or an admin) may change before it starts (PATCH /api/group-sessions/:id),
 * each field only when given: what it is called and covers, more seats (never fewer: the waiting
 * move up into the new ones), and the place's words or the meeting URL of the kind it was opened
 * with, under the rules of a visit's (given later, or changed; never emptied). Its time, format
 * and audience are what students signed up for: nothing here changes them (any other field is
 * refused); she cancels it and opens a new one.
 */
export const groupSessionEditSchema = z.strictObject({
  title: groupSessionFormSchema.shape.title.optional(),
  description: multiLineText()
    .trim()
    .max(GROUP_SESSION_DESCRIPTION_MAX_LENGTH, VALIDATION.groupSessionDescriptionTooLong)
    .optional(),
  topics: groupSessionFormSchema.shape.topics.optional(),
  seats: groupSessionFormSchema.shape.seats.optional(),
  meetingPlace: placeText(MEETING_PLACE_MAX_LENGTH, VALIDATION.meetingPlaceTooLong)
    .min(1, VALIDATION.groupSessionPlaceRequired)
    .optional(),
  meetingUrl: meetingDetailsSchema.shape.meetingUrl.refine(
    (url) => url !== '',
    VALIDATION.meetingUrlInvalid,
  ),
});
export type GroupSessionEditInput = z.input<typeof groupSessionEditSchema>;
export type GroupSessionEdit = z.output<typeof groupSessionEditSchema>;
