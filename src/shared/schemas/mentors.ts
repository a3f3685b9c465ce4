import { z } from 'zod';
import {
  JOB_TYPES,
  MENTOR_MESSAGE_MAX_LENGTH,
  MENTOR_SORTS,
  MENTOR_TOPICS,
  MENTOR_TOPICS_NOTE_MAX_LENGTH,
  MIN_GRADUATION_YEAR,
  MONTHLY_REQUEST_LIMITS,
  type JobType,
  type MentorTopic,
  latestGraduationYear,
  latestJoinedYear,
} from '../constants';
import { toHalfWidth } from '../half-width';
import { findCategory, isValidIndustry } from '../taxonomy';
import {
  companyReadingSchema,
  emailSchema,
  personName,
  multiLineText,
  oneLineText,
  optionalText,
  personReadingSchema,
  requiredText,
} from './common';
import { VALIDATION } from '../messages/validation-keys';
import { employerRulesSchema } from './employer-rules';

/** 職種, one of JOB_TYPES; '' or absent: not given. */
const jobTypeSchema = z
  .union([z.literal(''), z.enum(JOB_TYPES)], { error: VALIDATION.invalidChoice })
  .optional()
  .transform((value): JobType | null => value || null);

/** 入社年, up to next year (a graduating student joins in April); '' or absent: not given. */
const joinedYearSchema = z
  .union(
    [
      z.literal(''),
      z.coerce
        .number({ error: VALIDATION.joinedYearInvalid })
        .int(VALIDATION.joinedYearInvalid)
        .min(MIN_GRADUATION_YEAR, VALIDATION.joinedYearInvalid)
        .refine((year) => year <= latestJoinedYear(), VALIDATION.joinedYearInvalid),
    ],
    { error: VALIDATION.joinedYearInvalid },
  )
  .optional()
  .transform((value): number | null => (value === '' || value === undefined ? null : value));

/**
 * 相談できること from MENTOR_TOPICS, as the form's checkboxes give them (a list, or
 * false when none is ticked) or as multipart carries them (one comma-separated field).
 */
const topicsSchema = z
  .preprocess(
    (value) =>
      typeof value === 'string'
        ? value.split(',').filter(Boolean)
        : value === undefined || value === false || value === null
          ? []
          : value,
    z.array(z.enum(MENTOR_TOPICS, { error: VALIDATION.invalidChoice }), {
      error: VALIDATION.invalidChoice,
    }),
  )
  .transform((topics): MentorTopic[] => MENTOR_TOPICS.filter((topic) => topics.includes(topic)));

/** The alumni profile fields shared by registration and edit (docs/PRODUCT.md §5). */
export const mentorProfileFieldsSchema = z
  .object({
    name: personName(VALIDATION.mentorNameRequired),
    nameReading: personReadingSchema,
    universityId: z
      .string({ error: VALIDATION.universityRequired })
      .trim()
      .min(1, VALIDATION.universityRequired)
      .max(100),
    // 学部: optional, as students' profile edit takes it (an alumna may leave it out).
    faculty: optionalText(),
    graduationYear: z.coerce
      .number({ error: VALIDATION.graduationYearRequired })
      .int(VALIDATION.graduationYearRequired)
      // Left blank it coerces to 0: asked for, not told the range.
      .min(1, { error: VALIDATION.graduationYearRequired, abort: true })
      .min(MIN_GRADUATION_YEAR, VALIDATION.graduationYearOutOfRange)
      .refine((year) => year <= latestGraduationYear(), VALIDATION.graduationYearOutOfRange),
    industryCategory: requiredText(VALIDATION.industryCategoryRequired),
    industrySubcategory: oneLineText().trim().max(100).optional(),
    company: requiredText(VALIDATION.companyRequired),
    companyReading: companyReadingSchema,
    message: multiLineText(VALIDATION.messageRequired)
      .trim()
      .min(1, VALIDATION.messageRequired)
      .max(MENTOR_MESSAGE_MAX_LENGTH, VALIDATION.messageTooLong),
    // Asked once, at registration, and editable later; all optional.
    jobType: jobTypeSchema,
    joinedYear: joinedYearSchema,
    topics: topicsSchema,
    topicsNote: multiLineText()
      .trim()
      .max(MENTOR_TOPICS_NOTE_MAX_LENGTH, VALIDATION.topicsNoteTooLong)
      .optional()
      .transform((note) => note || null),
  })
  .superRefine((value, context) => {
    if (value.joinedYear !== null && value.joinedYear < value.graduationYear) {
      context.addIssue({
        code: 'custom',
        path: ['joinedYear'],
        message: VALIDATION.joinedYearBeforeGraduation,
      });
    }
    const category = findCategory(value.industryCategory);
    if (!category) {
      context.addIssue({
        code: 'custom',
        path: ['industryCategory'],
        message: VALIDATION.industryCategoryRequired,
      });
      return;
    }
    // その他 may stop at the category; every other category needs one of its subcategories.
    const subcategory = value.industrySubcategory || undefined;
    if (!isValidIndustry(category.name, subcategory)) {
      context.addIssue({
        code: 'custom',
        path: ['industrySubcategory'],
        message: VALIDATION.industrySubcategoryRequired,
      });
    }
  });

export type MentorProfileFields = z.output<typeof mentorProfileFieldsSchema>;

export const mentorRegistrationSchema = z.intersection(
  mentorProfileFieldsSchema,
  z.object({
    email: z.string().overwrite(toHalfWidth).trim().toLowerCase().max(254),
    code: z.string().overwrite(toHalfWidth).trim().toUpperCase().max(20),
    /** The mailed link's proof (issue 56, point 4): absent when the code was typed. */
    proof: z.string().trim().max(100).optional(),
    website: z.string().max(200).optional(),
  }),
);
export type MentorRegistrationFields = z.input<typeof mentorRegistrationSchema>;

/**
 * How long ago an alumnus was last signed in, as a coarse age (never the time itself):
 * within a day, a week, a month, or longer; null before the first sign-in.
 */
export const LAST_ACTIVE_AGES = ['day', 'week', 'month', 'older'] as const;
export type LastActiveAge = (typeof LAST_ACTIVE_AGES)[number];

export const mentorCardSchema = z.object({
  urlParam: z.string(),
  name: z.string(),
  universityName: z.string(),
  /** The university's English name, for English mode (null when none is known). */
  universityNameEn: z.string().nullable(),
  graduationYear: z.number(),
  industry: z.string(),
  company: z.string(),
  message: z.string(),
  iconUrl: z.string().nullable(),
  /** Takes new visit requests: not paused (受付停止) and under this month's limit. */
  accepting: z.boolean(),
  lastActive: z.enum(LAST_ACTIVE_AGES).nullable(),
  /** フリガナ in katakana; null only for an account made before it was asked for. */
  nameReading: z.string().nullable(),
  /** The richer profile, each part optional (null or empty when not given). */
  jobType: z.enum(JOB_TYPES).nullable(),
  joinedYear: z.number().int().nullable(),
  topics: z.array(z.enum(MENTOR_TOPICS)),
  topicsNote: z.string().nullable(),
  /** Her earliest open slot (ISO), while she takes requests: 「最短 12/3(木) 10:00」. */
  earliestSlot: z.string().nullable(),
});
export type MentorCard = z.infer<typeof mentorCardSchema>;

/** Who may see an alumnus's contact address. */
export const CONTACT_VISIBILITIES = ['signed_in', 'accepted'] as const;
export type ContactVisibility = (typeof CONTACT_VISIBILITIES)[number];

/** The alumnus's own choices about visit requests, edited on /mentor-profile. */
export const visitSettingsSchema = z.object({
  contactVisibility: z.enum(CONTACT_VISIBILITIES, { error: VALIDATION.invalidChoice }),
  acceptingRequests: z.boolean({ error: VALIDATION.invalidChoice }),
  /** null: no monthly limit. */
  monthlyRequestLimit: z
    .number({ error: VALIDATION.invalidChoice })
    .int()
    .refine(
      (limit) => (MONTHLY_REQUEST_LIMITS as readonly number[]).includes(limit),
      VALIDATION.invalidChoice,
    )
    .nullable(),
  /**
   * The address students and admins are shown, which may differ from the sign-in
   * address; absent: unchanged. Answered by GET /api/mentors/me, not by the save.
   */
  contactEmail: emailSchema.optional(),
});
export type VisitSettings = z.infer<typeof visitSettingsSchema>;
/** What saving the visit settings answers: the choices, without the address. */
export const savedVisitSettingsSchema = visitSettingsSchema.omit({ contactEmail: true });

/** The link mailed to a contact address, followed from the confirmation page's button. */
export const contactEmailTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });
export const contactEmailConfirmedSchema = z.object({ email: z.string() });
export type ContactEmailConfirmed = z.infer<typeof contactEmailConfirmedSchema>;

export const mentorProfileSchema = mentorCardSchema.extend({
  universityId: z.string().nullable(),
  /** 学部, when she gave it. */
  faculty: z.string().nullable(),
  /** The company's フリガナ in katakana, when given (the search finds it; not shown to others). */
  companyReading: z.string().nullable(),
  contactEmail: z.string(),
  /** Its mailed link was followed (or it is the sign-in address); until then 「確認待ち」. */
  contactEmailConfirmed: z.boolean(),
  visitSettings: visitSettingsSchema.extend({
    /** Requests received this calendar month (Japan time), against the limit. */
    requestsThisMonth: z.number().int(),
    /** The site paused the requests after unanswered ones expired (until the alumnus resumes). */
    autoPaused: z.boolean(),
  }),
  heldVisits: z.number().int(),
  /** Her employer's rules for OB・OG訪問, as she recorded them (NO_EMPLOYER_RULES when none). */
  employerRules: employerRulesSchema,
});
export type MentorProfile = z.infer<typeof mentorProfileSchema>;

export const MENTOR_PAGE_SIZE = 24;
/** How far a filtered list's total is counted exactly (docs/PERFORMANCE.md). */
export const MENTOR_TOTAL_BOUND = 500;

/** The OG list's filters: all optional, all in the URL so a search can be shared. */
export const mentorListQuerySchema = z.object({
  category: z.string().trim().max(100).optional(),
  subcategory: z.string().trim().max(100).optional(),
  university: z.string().trim().max(100).optional(),
  yearFrom: z.coerce.number().int().min(1900).max(3000).optional(),
  yearTo: z.coerce.number().int().min(1900).max(3000).optional(),
  q: z.string().trim().max(100).optional(),
  /** '1': only alumni who are accepting requests now. */
  accepting: z.enum(['1']).optional(),
  /** '1': only alumni with an open slot within SLOT_SOON_DAYS (who take requests now). */
  slotSoon: z.enum(['1']).optional(),
  /** '1': only the caller's favourites (answered per caller, never from the shared cache). */
  favourites: z.enum(['1']).optional(),
  // A value no longer offered (an old shared URL) is read as "none", not refused.
  jobType: z.enum(JOB_TYPES).optional().catch(undefined),
  /** Joined in this year or later (「入社年（から）」): recent joiners. */
  joinedFrom: z.coerce.number().int().min(1900).max(3000).optional().catch(undefined),
  /** Joined in this year or before (「入社年（まで）」), as 卒業年 has both ends (issue 56). */
  joinedTo: z.coerce.number().int().min(1900).max(3000).optional().catch(undefined),
  topic: z.enum(MENTOR_TOPICS).optional().catch(undefined),
  sort: z.enum(MENTOR_SORTS).optional().catch(undefined),
  cursor: z.string().max(200).optional(),
});
export type MentorListQuery = z.input<typeof mentorListQuerySchema>;

export const mentorListPageSchema = z.object({
  items: z.array(mentorCardSchema),
  nextCursor: z.string().nullable(),
  /**
   * Every alumna the filters match (「全 N 件」); on the first page only, else null. Counted up to
   * MENTOR_TOTAL_BOUND: beyond it `total` is the bound and `totalAtLeast` is true
   * (「1,000件以上」), since counting every match of a common word is most of a search's cost.
   */
  total: z.number().int().nullable(),
  totalAtLeast: z.boolean().optional(),
});
export type MentorListPage = z.infer<typeof mentorListPageSchema>;

/**
 * Who invited an alumnus, shown on the detail page so students can trust the profile: an
 * alumnus (name and graduation year) or the seminar's staff (an admin without a profile);
 * null when the inviter has left, is suspended, or the account predates invitations.
 */
export const mentorInviterSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('alumnus'), name: z.string(), graduationYear: z.number().int() }),
    z.object({ kind: z.literal('staff') }),
  ])
  .nullable();
export type MentorInviter = z.infer<typeof mentorInviterSchema>;

/**
 * Why the caller cannot send this alumnus a visit request now, if they cannot: not a student,
 * 受付停止, this month's limit reached, a block either way, a request already open, or the
 * student's own requests stopped after no-shows (until an admin clears them).
 */
export const VISIT_UNAVAILABLE_REASONS = [
  'students-only',
  'not-accepting',
  'monthly-limit-reached',
  'blocked',
  'already-open',
  'no-show-limit',
  // Issue 57: she has the seminar's limit of requests waiting for an answer.
  'waiting-limit',
] as const;
export type VisitUnavailableReason = (typeof VISIT_UNAVAILABLE_REASONS)[number];

/** The detail page as the caller sees it: what depends on who asks. */
export const mentorViewerSchema = z.object({
  favourite: z.boolean(),
  /** The caller blocked this alumnus. */
  blocked: z.boolean(),
  /** The caller's open request to this alumnus (pending, or accepted and still ahead). */
  openRequestId: z.string().nullable(),
  visitUnavailable: z.enum(VISIT_UNAVAILABLE_REASONS).nullable(),
});
export type MentorViewer = z.infer<typeof mentorViewerSchema>;

/**
 * The detail page: the card, the employer, the inviter, and the contact address, which is
 * null when the alumnus shows it only to students whose request was accepted.
 * userId names the alumnus for a report or a block.
 */
export const mentorDetailSchema = mentorCardSchema.extend({
  userId: z.string(),
  /** 学部, shown beside her university when she gave it. */
  faculty: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactVisibility: z.enum(CONTACT_VISIBILITIES),
  invitedBy: mentorInviterSchema,
  /** OG訪問 this alumnus held (実施 N件): agreed, marked held, no no-show reported. */
  heldVisits: z.number().int(),
  /** 訪問記録 the seminar shares that name this alumna (her page links to them). */
  sharedNoteCount: z.number().int(),
  /** Her employer's rules for OB・OG訪問 and its desk; null when she recorded none. */
  employerRules: employerRulesSchema.nullable(),
  viewer: mentorViewerSchema,
});
export type MentorDetail = z.infer<typeof mentorDetailSchema>;

export const mentorProfileUpdateResultSchema = z.object({
  /** false when the text was saved but the new image could not be stored. */
  imageUpdated: z.boolean(),
});

/** The caller's favourites, as urlParams: the list marks them without a per-caller list answer. */
export const favouriteListSchema = z.object({ urlParams: z.array(z.string()) });
export type FavouriteList = z.infer<typeof favouriteListSchema>;
