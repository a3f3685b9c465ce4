import { z } from 'zod';
import {
  AGENDA_QUESTION_MAX_LENGTH,
  AGENDA_QUESTIONS_MAX,
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_RATING_MAX,
  JAPAN_UTC_OFFSET_MS,
  japanWallClock,
  LATE_CANCEL_HOURS,
  MEETING_FORMATS,
  MEETING_PLACE_MAX_LENGTH,
  MEETING_URL_MAX_LENGTH,
  MENTOR_TOPICS,
  NO_SHOW_DECISIONS,
  NO_SHOW_NOTE_MAX_LENGTH,
  PLACE_KINDS,
  PLACE_OTHER_MAX_LENGTH,
  VISIT_EARLIEST_START_HOUR,
  VISIT_LATEST_START_HOUR,
  VISIT_MAX_SLOTS,
  VISIT_MESSAGE_MAX_LENGTH,
  VISIT_PURPOSES,
  VISIT_REPLY_MAX_LENGTH,
  VISIT_OUTCOMES,
  VISIT_SLOT_MAX_DAYS_AHEAD,
} from '../constants';
import { VALIDATION, type ValidationKey } from '../messages/validation-keys';
import { refusedPlaceWord } from '../place-words';
import { multiLineText, oneLineText } from './common';
import { employerRulesSchema } from './employer-rules';

/**
 * A meeting time as the browser's date-time field gives it, "YYYY-MM-DDTHH:mm", read as Japan
 * time: the seminar, its students and alumni meet in Japan whatever the server's time zone.
 */
const LOCAL_SLOT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a Japan-time "YYYY-MM-DDTHH:mm" names, or undefined if it names none. */
export function slotInstant(local: string): Date | undefined {
  const match = LOCAL_SLOT_PATTERN.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute) - JAPAN_UTC_OFFSET_MS;
  const check = japanWallClock(utc);
  // 2026-02-30 would roll over to March: refuse rather than guess.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || minute > 59) {
    return undefined;
  }
  return new Date(utc);
}

/** "YYYY-MM-DDTHH:mm" in Japan time: the date-time field's value for an instant. */
export function localSlotOf(instant: Date): string {
  return japanWallClock(instant).toISOString().slice(0, 16);
}

/** A meeting start: a real time, in the future, within 90 days, between 8:00 and 20:00. */
export const meetingTimeSchema = z
  .string({ error: VALIDATION.visitSlotInvalid })
  .trim()
  .max(20, VALIDATION.visitSlotInvalid)
  .superRefine((local, context) => {
    const instant = slotInstant(local);
    if (!instant) {
      context.addIssue({ code: 'custom', message: VALIDATION.visitSlotInvalid });
      return;
    }
    const now = Date.now();
    if (instant.getTime() <= now) {
      context.addIssue({ code: 'custom', message: VALIDATION.visitSlotPast });
      return;
    }
    if (instant.getTime() > now + VISIT_SLOT_MAX_DAYS_AHEAD * DAY_MS) {
      context.addIssue({ code: 'custom', message: VALIDATION.visitSlotTooFar });
      return;
    }
    const hour = Number(local.slice(11, 13));
    const minute = Number(local.slice(14, 16));
    const late = hour > VISIT_LATEST_START_HOUR || (hour === VISIT_LATEST_START_HOUR && minute > 0);
    if (hour < VISIT_EARLIEST_START_HOUR || late) {
      context.addIssue({ code: 'custom', message: VALIDATION.visitSlotLateNight });
    }
  });

/**
 * One to VISIT_MAX_SLOTS different meeting starts: a student's preferred slots, or the times one
 * side proposes at once (the other side accepts one of them).
 */
function meetingTimesSchema(messages: { required: string; tooMany: string }) {
  return z
    .array(meetingTimeSchema, { error: messages.required })
    .min(1, messages.required)
    .max(VISIT_MAX_SLOTS, messages.tooMany)
    .superRefine((times, context) => {
      if (new Set(times).size !== times.length) {
        context.addIssue({ code: 'custom', message: VALIDATION.visitSlotDuplicate });
      }
    });
}

/** Meeting the safety rules must be confirmed when requesting and when accepting. */
const safetyRulesConfirmed = z.literal(true, { error: VALIDATION.safetyRulesRequired });

/**
 * The agenda of a request: which of her 相談できること the student wants to talk about, and up
 * to five questions, in order. Blank questions are dropped.
 */
export const agendaSchema = {
  agendaTopics: z
    .array(z.enum(MENTOR_TOPICS, { error: VALIDATION.invalidChoice }))
    .max(MENTOR_TOPICS.length)
    .optional()
    .default([])
    .transform((topics) => [...new Set(topics)]),
  agendaQuestions: z
    .array(multiLineText().trim().max(AGENDA_QUESTION_MAX_LENGTH, VALIDATION.agendaQuestionTooLong))
    .optional()
    .default([])
    .transform((questions) => questions.filter((question) => question !== ''))
    .refine(
      (questions) => questions.length <= AGENDA_QUESTIONS_MAX,
      VALIDATION.agendaQuestionsTooMany,
    ),
};

/** A student's request from the alumni detail page. */
export const visitRequestFormSchema = z.object({
  mentorUrlParam: z.string().trim().min(1).max(100),
  purpose: z.enum(VISIT_PURPOSES, { error: VALIDATION.visitPurposeRequired }),
  message: multiLineText(VALIDATION.visitMessageRequired)
    .trim()
    .min(1, VALIDATION.visitMessageRequired)
    .max(VISIT_MESSAGE_MAX_LENGTH, VALIDATION.visitMessageTooLong),
  preferredSlots: meetingTimesSchema({
    required: VALIDATION.visitSlotRequired,
    tooMany: VALIDATION.visitSlotTooMany,
  }),
  meetingFormat: z.enum(MEETING_FORMATS, { error: VALIDATION.meetingFormatRequired }),
  ...agendaSchema,
  safetyRulesConfirmed,
  /** She read the warning of another visit at the same hour (visit/same-hour) and asks anyway. */
  sameHourConfirmed: z.literal(true).optional(),
  /** The introduction (紹介) she asks from, opted in to by the alumna (decision 0044). */
  introductionId: z.uuid().optional(),
});
export type VisitRequestForm = z.input<typeof visitRequestFormSchema>;

const replyText = multiLineText()
  .trim()
  .max(VISIT_REPLY_MAX_LENGTH, VALIDATION.visitReplyTooLong)
  .optional();

/**
 * Where to meet (docs/PRODUCT.md §7): a public place for an in-person visit, an https URL for
 * an online one. Both optional, an empty one clears it; set on accepting or later. The URL is
 * stored as the URL parser writes it, its host in ASCII (例え.jp → xn--r8jz45g.jp), so the host
 * the page names is the one the link opens.
 */
/**
 * A place as typed (the meeting place, an 'other' place's description): one that names a
 * refused word (居酒屋, バー, カラオケ, 個室, 自宅, ホテル: place-words.ts) is refused, the message
 * naming the word. With `blank`, a text of only spaces is refused with that message rather than
 * taken as clearing the place (an empty field clears it).
 */
export function placeText(max: number, tooLong: ValidationKey, blank?: ValidationKey) {
  return oneLineText()
    .refine((text) => !blank || text === '' || text.trim() !== '', blank)
    .trim()
    .max(max, tooLong)
    .superRefine((text, context) => {
      const refused = refusedPlaceWord(text);
      if (refused) context.addIssue({ code: 'custom', message: refused.message });
    });
}

export const meetingDetailsSchema = z.object({
  meetingPlace: placeText(
    MEETING_PLACE_MAX_LENGTH,
    VALIDATION.meetingPlaceTooLong,
    VALIDATION.meetingPlaceBlank,
  ).optional(),
  meetingUrl: oneLineText()
    .trim()
    .superRefine((url, context) => {
      const problem = url === '' ? undefined : meetingUrlProblem(url);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .overwrite((url) => (url === '' ? url : (followableMeetingUrl(url)?.href ?? url)))
    .max(MEETING_URL_MAX_LENGTH, VALIDATION.meetingUrlTooLong)
    .optional(),
});
export type MeetingDetails = z.input<typeof meetingDetailsSchema>;

/** An IPv4 address as the URL parser writes every form of it (3232235777, 0x7f.1: dotted). */
const IPV4_HOST = /^\d+\.\d+\.\d+\.\d+$/;

/** A host name of two or more labels: letters, digits and hyphens (IDN hosts are xn-- here). */
const DOTTED_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

/**
 * Why a meeting URL is refused, as its message key; undefined for one students may follow: an
 * absolute https URL with no user part (in https://accounts.google.com@evil.example/ the host
 * is evil.example), no IP address for a host and a host name with a dot.
 */
export function meetingUrlProblem(value: string): ValidationKey | undefined {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return VALIDATION.meetingUrlInvalid;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return VALIDATION.meetingUrlInvalid;
  }
  // The parser drops an empty user part (https://@host/); the text typed still had one.
  const authority = value.slice('https://'.length).split(/[/?#\\]/, 1)[0]!;
  if (url.username || url.password || authority.includes('@')) {
    return VALIDATION.meetingUrlCredentials;
  }
  if (IPV4_HOST.test(url.hostname) || url.hostname.startsWith('[')) {
    return VALIDATION.meetingUrlIpHost;
  }
  if (!DOTTED_HOST.test(url.hostname)) return VALIDATION.meetingUrlHost;
  return undefined;
}

/** The URL parsed, when meetingUrlProblem finds nothing wrong with it; else null. */
export function followableMeetingUrl(value: string): URL | null {
  return meetingUrlProblem(value) === undefined ? new URL(value) : null;
}

/**
 * The kind of place the alumna chooses where she commits to a visit (accepting, or proposing a
 * time the student may accept): 'other' with a short description. Optional in the shape, as a
 * student's answers carry none; the server asks it of the alumna (visits/service.ts). The
 * description is checked only with 'other' (checkOtherPlace): a form hides it for every other
 * kind, and what is not shown is neither checked nor kept (issue 56: words typed under 'other'
 * and left there when she chose another kind stopped the form with nothing said).
 */
const placeChoice = {
  placeKind: z.enum(PLACE_KINDS, { error: VALIDATION.placeKindRequired }).optional(),
  placeOther: oneLineText().trim().optional(),
};

const placeOtherText = placeText(PLACE_OTHER_MAX_LENGTH, VALIDATION.placeOtherTooLong);

/** With 'other', its description: required, short, naming no refused word. */
export function checkOtherPlace(
  value: { placeKind?: string | null | undefined; placeOther?: string | null | undefined },
  context: z.RefinementCtx,
): void {
  if (value.placeKind !== 'other') return;
  const issues = value.placeOther
    ? (placeOtherText.safeParse(value.placeOther).error?.issues ?? [])
    : [{ message: VALIDATION.placeOtherRequired }];
  for (const issue of issues) {
    context.addIssue({ code: 'custom', path: ['placeOther'], message: issue.message });
  }
}

/**
 * The alumnus accepts one of the preferred slots (its index). Another time is a proposal
 * (visitProposeSchema), which the student must accept before the visit is agreed.
 */
export const visitAcceptSchema = meetingDetailsSchema
  .extend({
    slotIndex: z
      .number({ error: VALIDATION.visitSlotChoiceRequired })
      .int(VALIDATION.visitSlotChoiceRequired)
      .min(0, VALIDATION.visitSlotChoiceRequired)
      .max(VISIT_MAX_SLOTS - 1, VALIDATION.visitSlotChoiceRequired),
    message: replyText,
    safetyRulesConfirmed,
    ...placeChoice,
    // Accepting a slot is always the alumna's: the kind of place is required here.
    placeKind: z.enum(PLACE_KINDS, { error: VALIDATION.placeKindRequired }),
  })
  .superRefine(checkOtherPlace);
export type VisitAccept = z.input<typeof visitAcceptSchema>;

/**
 * Either side proposes other times (one to three at once), with a few words. The alumna's
 * proposal also carries the kind of place and her confirmation of the rules: the student's
 * acceptance of one of the times agrees the visit.
 */
export const visitProposeSchema = z
  .object({
    proposedTimes: meetingTimesSchema({
      required: VALIDATION.visitProposalTimeRequired,
      tooMany: VALIDATION.visitProposalTooMany,
    }),
    message: replyText,
    ...placeChoice,
    safetyRulesConfirmed: safetyRulesConfirmed.optional(),
  })
  .superRefine(checkOtherPlace);
export type VisitPropose = z.input<typeof visitProposeSchema>;

/**
 * The side whose turn it is accepts one of the other side's proposed times: `time`, as the
 * request gives it (`proposal.times`), so that a page showing an older proposal cannot agree a
 * time its reader never saw. Without it, a proposal of one time is accepted as it stands.
 */
export const visitAcceptProposalSchema = meetingDetailsSchema
  .extend({
    time: z.iso.datetime({ error: VALIDATION.visitProposalChoiceRequired }).optional(),
    message: replyText,
    safetyRulesConfirmed,
    ...placeChoice,
  })
  .superRefine(checkOtherPlace);
export type VisitAcceptProposal = z.input<typeof visitAcceptProposalSchema>;

/**
 * Cancelling an agreed visit within LATE_CANCEL_HOURS of it (docs/PRODUCT.md §7): the other
 * side has set the time aside, so the canceller gives a reason, which they are shown. A
 * meeting already begun cannot be cancelled at all.
 */
export function cancellationNeedsReason(
  request: { status: string; meetingAt: Date | string | null },
  now: number,
): boolean {
  if (request.status !== 'accepted' || request.meetingAt === null) return false;
  const ahead = new Date(request.meetingAt).getTime() - now;
  return ahead > 0 && ahead < LATE_CANCEL_HOURS * 60 * 60 * 1000;
}

export const visitReplySchema = z.object({ message: replyText });
export type VisitReply = z.input<typeof visitReplySchema>;

/** What one side says of the meeting once its time came. */
export const visitOutcomeSchema = z.object({
  outcome: z.enum(VISIT_OUTCOMES, { error: VALIDATION.visitOutcomeRequired }),
  /** Why the other side is said not to have come (a no-show only): the other side and the admins read it. */
  reason: multiLineText()
    .trim()
    .max(NO_SHOW_NOTE_MAX_LENGTH, VALIDATION.noShowReasonTooLong)
    .optional()
    .default(''),
});
export type VisitOutcomeInput = z.input<typeof visitOutcomeSchema>;

/** Private feedback for the seminar: 1–5 and an optional comment. */
export const visitFeedbackSchema = z.object({
  rating: z
    .number({ error: VALIDATION.feedbackRatingRequired })
    .int(VALIDATION.feedbackRatingRequired)
    .min(1, VALIDATION.feedbackRatingRequired)
    .max(FEEDBACK_RATING_MAX, VALIDATION.feedbackRatingRequired),
  comment: multiLineText()
    .trim()
    .max(FEEDBACK_COMMENT_MAX_LENGTH, VALIDATION.feedbackCommentTooLong)
    .optional()
    .default(''),
});
export type VisitFeedbackInput = z.input<typeof visitFeedbackSchema>;

/**
 * The answer 「参加しました」 of the side said not to have come, given once: a note is required,
 * since the admins weigh it against the claim.
 */
export const noShowAnswerSchema = z.object({
  note: multiLineText(VALIDATION.noShowAnswerRequired)
    .trim()
    .min(1, VALIDATION.noShowAnswerRequired)
    .max(NO_SHOW_NOTE_MAX_LENGTH, VALIDATION.noShowAnswerTooLong),
});
export type NoShowAnswerInput = z.input<typeof noShowAnswerSchema>;

export const VISIT_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/**
 * A no-show claim as both sides read it: the reason and the answer 「参加しました」, once given,
 * kept after a withdrawal (docs/decisions/0033-no-show-claims.md).
 */
export const noShowClaimSchema = z.object({
  reason: z.string(),
  claimedAt: z.string(),
  answer: z.object({ note: z.string(), at: z.string() }).nullable(),
  /** The claimant changed the record back to 実施済み: it no longer stands, and is not filed again. */
  withdrawnAt: z.string().nullable(),
  /** Until when an answer holds the claim for the admins (NO_SHOW_ANSWER_DAYS after it). */
  answerBy: z.string(),
  /** What an admin decided after reading both sides, once decided. */
  decision: z.enum(NO_SHOW_DECISIONS).nullable(),
  /** An alumna's claim against a student that counts toward NO_SHOW_LIMIT now. */
  counts: z.boolean(),
  /** About a visit before an admin last cleared the student's no-shows: it never counts again. */
  cleared: z.boolean(),
});
export type NoShowClaim = z.infer<typeof noShowClaimSchema>;

const personSchema = z.object({
  /** null once that person withdrew or was deleted: shown as 「退会したユーザー」. */
  userId: z.string().nullable(),
  withdrawn: z.boolean(),
  name: z.string(),
  universityName: z.string(),
  /** The university's English name, for English mode (null when none is known). */
  universityNameEn: z.string().nullable(),
  /** Shown once the request is accepted (and, for an alumnus, as their visibility allows). */
  contactEmail: z.string().nullable(),
});

/** One request as either side sees it. */
export const visitRequestSchema = z.object({
  id: z.string(),
  /** The caller's side of it. */
  side: z.enum(['student', 'mentor']),
  status: z.enum(VISIT_STATUSES),
  /**
   * Open, as the server decides it: waiting for an answer, or accepted with the meeting still
   * ahead. Either side may cancel only while it is.
   */
  open: z.boolean(),
  purpose: z.enum(VISIT_PURPOSES),
  message: z.string(),
  preferredSlots: z.array(z.string()),
  /**
   * The end of the slot the request booked (予約枠), its start being the one preferred slot; null
   * for a request with proposed times, and once other times were proposed.
   */
  bookedUntil: z.string().nullable(),
  /**
   * The agenda (相談したいこと): which of her 相談できること the student ticked, and her questions,
   * in her order; the questions read by the contact rule as her message is.
   */
  agendaTopics: z.array(z.enum(MENTOR_TOPICS)),
  agendaQuestions: z.array(z.string()),
  meetingFormat: z.enum(MEETING_FORMATS),
  meetingAt: z.string().nullable(),
  /** Where to meet, set by the alumnus once agreed (both sides see it). */
  meetingPlace: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  /**
   * The kind of place the alumna chose (on accepting, or with her proposal while it waits), and
   * an 'other' place's description; null on requests agreed before kinds existed.
   */
  placeKind: z.enum(PLACE_KINDS).nullable(),
  placeOther: z.string().nullable(),
  /**
   * The place her window named for the slot booked in person (予約枠の場所: its kind and her
   * words), as the booking kept it; null for an online booking and a request without a slot.
   */
  windowPlace: z
    .object({ kind: z.enum(PLACE_KINDS).nullable(), words: z.string().nullable() })
    .nullable()
    .optional(),
  /**
   * When each side confirmed the safety rules for this visit: the student on requesting, the
   * alumna on accepting or proposing; null where it was not stored (requests made before).
   */
  rulesConfirmed: z.object({ student: z.string().nullable(), mentor: z.string().nullable() }),
  /** The open proposal of other times (one to three), while the request waits. */
  proposal: z
    .object({
      times: z.array(z.string()),
      by: z.enum(['student', 'mentor']),
      message: z.string().nullable(),
    })
    .nullable(),
  /** Proposals either side may still make. */
  proposalsLeft: z.number().int(),
  /** Whose answer a pending request waits for; null once it is no longer pending. */
  awaiting: z.enum(['student', 'mentor']).nullable(),
  /** The viewer has not opened what the other side last did (the students' badge). */
  unseen: z.boolean(),
  responseMessage: z.string().nullable(),
  /** 'withdrawal': cancelled because the other side withdrew or was deleted. */
  cancelledBy: z.enum(['student', 'mentor', 'withdrawal']).nullable(),
  cancelMessage: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When it expired unanswered (status 'expired'). */
  expiredAt: z.string().nullable(),
  /**
   * After the meeting (docs/PRODUCT.md §7): whether the viewer may still say how it went, what
   * each side said, the student's お礼 and the viewer's own feedback (never the other side's).
   */
  followUp: z.object({
    open: z.boolean(),
    myOutcome: z.enum(VISIT_OUTCOMES).nullable(),
    otherOutcome: z.enum(VISIT_OUTCOMES).nullable(),
    thankedAt: z.string().nullable(),
    myFeedback: z.object({ rating: z.number().int(), comment: z.string() }).nullable(),
    /**
     * The no-show claims of this visit (docs/PRODUCT.md §7): the viewer's own, with the other
     * side's answer, and the other side's against the viewer, which the viewer may answer once.
     */
    myClaim: noShowClaimSchema.nullable(),
    claimAgainstMe: noShowClaimSchema.nullable(),
  }),
  /**
   * What the student entered about themselves, for the alumnus to prepare. Never the
   * 学籍番号, which only admins see.
   */
  student: personSchema.extend({
    grade: z.string(),
    faculty: z.string(),
    department: z.string(),
    desiredIndustry: z.string().nullable(),
    desiredJobType: z.string().nullable(),
    selfIntroduction: z.string().nullable(),
  }),
  mentor: personSchema.extend({
    urlParam: z.string(),
    graduationYear: z.number(),
    company: z.string(),
    iconUrl: z.string().nullable(),
  }),
  /**
   * The alumna's employer's rules for OB・OG訪問 and its desk, as they are now (both sides read
   * them; the 「困ったときは」 box names the desk); null when she recorded none or withdrew.
   */
  employerRules: employerRulesSchema.nullable(),
  /** The caller blocked the other side. */
  blockedOther: z.boolean(),
  /**
   * 「初めてのOG訪問」 (issue 57, point 3), to the alumna only: the student held no visit before
   * this one (none, with anyone, that took place: mentors/held-visits-queries.ts wasHeld, with its
   * time before this one's, or before now while it is not agreed). False for the student.
   */
  studentFirstVisit: z.boolean(),
  /**
   * 「無事に終わりましたか」 (docs/PRODUCT.md §7), to the student only, once asked: when, and when
   * she confirmed that it ended well. Null for the alumna and before the ask.
   */
  safeEnd: z.object({ askedAt: z.string(), confirmedAt: z.string().nullable() }).nullable(),
  /**
   * The viewing student's requests are stopped by no-shows (docs/PRODUCT.md §7): the page says
   * so and names the 相談窓口. Read for one request's page only; false in lists and for the alumna.
   */
  requestsStopped: z.boolean(),
  /**
   * How many claims that she missed a visit count against the viewing student now (of
   * NO_SHOW_LIMIT that stop her requests). Read for one request's page only; 0 elsewhere.
   */
  noShowsCounted: z.number().int(),
});
export type VisitRequest = z.infer<typeof visitRequestSchema>;

export const visitRequestListSchema = z.object({
  items: z.array(visitRequestSchema),
  /** Requests waiting for the caller's answer or, for a student, with news not yet opened. */
  awaitingReply: z.number().int(),
});
export type VisitRequestList = z.infer<typeof visitRequestListSchema>;

export const visitRequestCountSchema = z.object({ awaitingReply: z.number().int() });
