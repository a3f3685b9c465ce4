/** The product's constants (docs/PRODUCT.md names each where it applies), written once for both sides. */

export const SIGN_IN_LINK_TTL_MS = 10 * 60 * 1000;
/**
 * An invited alumna's confirmation link, as long as a student's registration link: she may open
 * the mail hours later, after work (a sign-in link is asked for and opened at once).
 */
export const MENTOR_VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const REGISTRATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** A change of sign-in address: the new address's link, then the old address's undo link. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The link that confirms an alumna's separate contact address (a week: it is no sign-in). */
export const CONTACT_EMAIL_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PENDING_REGISTRATION_BLOCK_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Japan keeps UTC+9 all year (no summer time since 1951): its wall clock is UTC's shifted by
 * this, plain arithmetic on both sides (booking slots, this month's start, a slot's label).
 */
export const JAPAN_UTC_OFFSET_MS = 9 * 60 * 60 * 1000;
/**
 * The same clock as the IANA zone that Intl's formatters and PostgreSQL's `at time zone` take:
 * the one place it is named (scripts/japan-offset.test.ts holds every other file to that).
 */
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';

/**
 * Japan's wall clock at an instant, as a Date whose UTC fields read it: its getUTCHours() is
 * the hour in Japan, its toISOString() the Japanese date and time (with a meaningless "Z").
 */
export function japanWallClock(instant: Date | number | string): Date {
  return new Date(new Date(instant).getTime() + JAPAN_UTC_OFFSET_MS);
}
/**
 * The interface languages: Japanese, the site's, first; English the second. A person's choice is
 * kept by the browser and by the account, which mails and pushes are written in (decision 0041).
 */
export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language of what the site writes to an account whose owner has not chosen one (its
 * users.language stays null until then: a default would overrule the browsers that chose
 * English before accounts kept a choice, decision 0041), and to an address that is no one's
 * account: the site's own. Said once for mails and pushes alike.
 */
export const UNCHOSEN_LANGUAGE: Language = 'ja';

/** The language mails and pushes to an account are written in: the one chosen, if any. */
export function writtenLanguage(chosen: Language | null | undefined): Language {
  return chosen ?? UNCHOSEN_LANGUAGE;
}

export const DEFAULT_SESSION_IDLE_MINUTES = 60;

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITE_CODE_LENGTH = 6;
/** A-Z and 2-9 without I and O: no 0/O or 1/I confusion when a code is typed. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const MENTOR_INVITATION_QUOTA = 3;
export const INVITATION_HISTORY_LIMIT = 20;

export const SIGN_IN_CODE_LENGTH = 6;
/** Wrong addresses or codes tried against one link before it is burnt. */
export const SIGN_IN_MAX_ATTEMPTS = 5;

export const VERIFY_POLL_INTERVAL_MS = 5_000;
export const RESEND_COOLDOWN_SECONDS = 60;
export const DOMAIN_CHECK_DEBOUNCE_MS = 500;

export const GRADES = ['1年', '2年', '3年', '4年', '大学院1年', '大学院2年'] as const;
export type Grade = (typeof GRADES)[number];
/**
 * After the last grade: what the April rollover makes of 4年 and 大学院2年 (docs/PRODUCT.md §4).
 * Not offered at registration; a student's profile may keep or choose it.
 */
export const GRADUATING_GRADE = '卒業予定';
/** Every grade a student's profile can hold, in order. */
export const PROFILE_GRADES = [...GRADES, GRADUATING_GRADE] as const;
export type ProfileGrade = (typeof PROFILE_GRADES)[number];
/** Each grade's next one at the April rollover. */
export const NEXT_GRADE: Readonly<Record<ProfileGrade, ProfileGrade>> = {
  '1年': '2年',
  '2年': '3年',
  '3年': '4年',
  '4年': GRADUATING_GRADE,
  大学院1年: '大学院2年',
  大学院2年: GRADUATING_GRADE,
  [GRADUATING_GRADE]: GRADUATING_GRADE,
};
/**
 * The grades from which a student may apply to become an OG (docs/PRODUCT.md §4); an admin may
 * also mark a cohort as graduating whatever its grade.
 */
export const GRADUATION_GRADES: readonly ProfileGrade[] = ['4年', '大学院2年', GRADUATING_GRADE];
/** The rollover runs from April 1 (Japan time) for this many days if a process was down then. */
export const GRADE_ROLLOVER_CATCH_UP_DAYS = 30;

/** The grades as English mode shows them (stored and sent in Japanese). */
export const GRADE_NAMES_EN: Record<ProfileGrade, string> = {
  '1年': '1st year',
  '2年': '2nd year',
  '3年': '3rd year',
  '4年': '4th year',
  大学院1年: "1st year (master's)",
  大学院2年: "2nd year (master's)",
  [GRADUATING_GRADE]: 'Graduating',
};

/** A stored grade in the reader's language; anything unknown as stored. */
export function gradeName(grade: string, language: string): string {
  if (!language.startsWith('en')) return grade;
  return (GRADE_NAMES_EN as Record<string, string>)[grade] ?? grade;
}

/** The earliest graduation (and 入社) year offered: far enough back for the seminar's oldest alumni. */
export const MIN_GRADUATION_YEAR = 1960;

/**
 * The calendar date in Japan at `now` (Japan keeps UTC+9 all year): the browser and the server
 * agree on it on New Year's night and on the night of April 1 too. `month` counts from 1.
 */
function tokyoDate(now: Date): { year: number; month: number } {
  const shifted = japanWallClock(now);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

/**
 * The latest graduation year an alumni profile may give: next year, as a student who graduates
 * next March applies to become an OG before then (docs/PRODUCT.md §4).
 */
export function latestGraduationYear(now: Date = new Date()): number {
  return tokyoDate(now).year + 1;
}

/** Graduation years offered: the latest down to MIN_GRADUATION_YEAR. */
export function graduationYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = latestGraduationYear(now); year >= MIN_GRADUATION_YEAR; year--) years.push(year);
  return years;
}

/**
 * The latest 入社年 a profile may give: next year too, as the student who graduates next March
 * joins her company in April (the same bound as the graduation year).
 */
export const latestJoinedYear = latestGraduationYear;

/**
 * The 入社年 the rule accepts, latest first: from the graduation year (when one is chosen) up to
 * next year. The form offers exactly these, so a year it offers is never refused.
 */
export function joinedYears(graduationYear?: number | null, now: Date = new Date()): number[] {
  const earliest =
    graduationYear && Number.isInteger(graduationYear)
      ? Math.max(graduationYear, MIN_GRADUATION_YEAR)
      : MIN_GRADUATION_YEAR;
  const years: number[] = [];
  for (let year = latestJoinedYear(now); year >= earliest; year--) years.push(year);
  return years;
}

/**
 * The March a student of the last grade graduates in (Japan time): this year until March,
 * next year from April. What the graduation form starts with.
 */
export function comingGraduationYear(now: Date = new Date()): number {
  const { year, month } = tokyoDate(now);
  return month <= 3 ? year : year + 1;
}

export const MENTOR_MESSAGE_MAX_LENGTH = 140;
export const ICON_MAX_BYTES = 5 * 1024 * 1024;
export const ICON_MAX_SIDE_REGISTRATION = 800;
export const ICON_MAX_SIDE_EDIT = 400;
export const ICON_JPEG_QUALITY = 90;

export const PROFILE_LOAD_ATTEMPTS = 4;
export const PROFILE_LOAD_RETRY_MS = 2_000;
export const REDIRECT_AFTER_MISSING_MS = 5_000;
export const REDIRECT_AFTER_SAVE_MS = 1_500;

/**
 * 職種 an alumnus may give, stored by key (the labels are in the catalogues'
 * `profileFields.jobTypes`), so English mode and filters need no Japanese matching.
 */
export const JOB_TYPES = [
  'sales',
  'planning_marketing',
  'corporate',
  'engineering',
  'research',
  'specialist',
  'service',
  'creative',
  'consulting',
  'public_service',
  'other',
] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** 相談できること, stored by key (labels in `profileFields.topics`). */
export const MENTOR_TOPICS = [
  'industry_research',
  'es_review',
  'interview_practice',
  'career_advice',
  'working_life',
  'regional_jobs',
  'study_abroad',
  'women_careers',
  'work_and_family',
  'career_change',
] as const;
export type MentorTopic = (typeof MENTOR_TOPICS)[number];
export const MENTOR_TOPICS_NOTE_MAX_LENGTH = 200;

/**
 * The OG list's orders: newest first (the default), graduation year, ふりがな. Here rather than
 * beside the list's zod schema so the list page's filters do not download zod.
 */
export const MENTOR_SORTS = ['new', 'graduation', 'reading'] as const;
export type MentorSort = (typeof MENTOR_SORTS)[number];

/** OG訪問 requests. */
export const VISIT_PURPOSES = [
  'industry_research',
  'company_research',
  'es_review',
  'interview_practice',
  'career_advice',
  'other',
] as const;
export type VisitPurpose = (typeof VISIT_PURPOSES)[number];
export const MEETING_FORMATS = ['online', 'in_person'] as const;
export type MeetingFormat = (typeof MEETING_FORMATS)[number];
export const VISIT_MESSAGE_MAX_LENGTH = 1000;
/** 紹介: the introducer's reason, short (decision 0044). */
export const INTRODUCTION_REASON_MAX_LENGTH = 400;
/** The alumnus's reply, or either side's words when cancelling. */
export const VISIT_REPLY_MAX_LENGTH = 500;
export const VISIT_MAX_SLOTS = 3;
/**
 * Proposals of another time, both sides together, before one side must accept the
 * last one or let the request go (three: the alumnus, the student, the alumnus again).
 */
export const VISIT_MAX_PROPOSALS = 3;
/**
 * The safety rule "no meetings late at night": a meeting starts between 8:00 and 20:00 Japan
 * time, so that it is over by 21:00.
 */
export const VISIT_EARLIEST_START_HOUR = 8;
export const VISIT_LATEST_START_HOUR = 20;
/** How far ahead a slot may be, so that requests stay about the near future. */
export const VISIT_SLOT_MAX_DAYS_AHEAD = 90;
/** The monthly limits an alumnus can choose (absent: no limit). */
export const MONTHLY_REQUEST_LIMITS = [1, 2, 3, 5, 10, 20] as const;
/** New requests one student may send per day: enough for real use, not for spamming alumni. */
export const VISIT_REQUESTS_PER_DAY = 10;
/**
 * Requests one student may have waiting for an alumna's answer at once (issue 57: a first visit
 * before anyone's fifth): the seminar's setting, set by the admins within these bounds.
 */
export const WAITING_REQUESTS_LIMITS = [1, 2, 3, 4, 5] as const;
export const WAITING_REQUESTS_DEFAULT_LIMIT = 3;

/** A request's thread (docs/PRODUCT.md §7). */
export const THREAD_MESSAGE_MAX_LENGTH = 1000;
/** A thread takes new messages until this many days after the meeting. */
export const THREAD_OPEN_DAYS_AFTER_MEETING = 30;
/** Messages one user may post per hour, all threads together: conversation, not spam. */
export const THREAD_MESSAGES_PER_HOUR = 60;
/** At most one mail per thread and recipient in this many minutes, however many messages. */
export const THREAD_MAIL_INTERVAL_MINUTES = 15;
/**
 * How long a new thread message waits to be read before the recipient is mailed about it: an
 * open thread shows it within THREAD_POLL_INTERVAL_MS and marks it read, so someone reading
 * gets no mail.
 */
export const THREAD_READING_SECONDS = 90;
/** How often an open thread asks for new messages. */
export const THREAD_POLL_INTERVAL_MS = 10_000;
/** よくある返信: how many an alumnus keeps, and their lengths. */
export const REPLY_TEMPLATES_MAX = 10;
export const REPLY_TEMPLATE_TITLE_MAX_LENGTH = 40;
export type ReplyTemplate = { title: string; body: string };
/** How long a visit's calendar event lasts. */
export const VISIT_DURATION_MINUTES = 60;
/**
 * Closing the loop of every visit (docs/PRODUCT.md §7): an unanswered request reminds the
 * alumnus after 3 days and expires after 7 (or once every proposed time has passed); 3 expired
 * in a row pause the alumnus's requests.
 */
export const VISIT_REMINDER_DAYS = 3;
export const VISIT_EXPIRY_DAYS = 7;
export const MENTOR_PAUSE_AFTER_EXPIRED = 3;
/** 前日確認: both sides are reminded at this hour (Japan time) the day before the meeting. */
export const DAY_BEFORE_REMINDER_HOUR = 18;
/** Cancelling an agreed visit this close to it asks for a reason, shown to the other side. */
export const LATE_CANCEL_HOURS = 24;
/**
 * Open slots an alumna publishes (docs/PRODUCT.md §7, 予約枠): how long each is, how far ahead
 * they start and end, the buffer she keeps around agreed visits. A student's booking holds its
 * slot while it waits for her answer, at most BOOKING_HOLD_HOURS.
 */
export const SLOT_MINUTES = [30, 45, 60, 90] as const;
export type SlotMinutes = (typeof SLOT_MINUTES)[number];
export const BOOKING_NOTICE_HOURS_MIN = 48;
export const BOOKING_AHEAD_DAYS_MAX = 60;
export const BOOKING_NOTICE_HOURS = [48, 72, 96, 168] as const;
export const BOOKING_AHEAD_DAYS = [7, 14, 30, 45, 60] as const;
export const BOOKING_BUFFER_MINUTES = [0, 15, 30, 60] as const;
export const BOOKING_HOLD_HOURS = 72;
/** The alumna is reminded this long before a booking's hold ends unanswered, once (issue 56). */
export const BOOKING_LAPSE_REMINDER_HOURS = 24;
/** A slot ends by this hour, Japan time (it starts by VISIT_LATEST_START_HOUR). */
export const VISIT_LATEST_END_HOUR = 21;
/** What a window offers: the student chooses when it is either. */
export const WINDOW_FORMATS = ['online', 'in_person', 'either'] as const;
export type WindowFormat = (typeof WINDOW_FORMATS)[number];
/** Weekly windows, one-off dates and days off an alumna keeps at once. */
export const AVAILABILITY_RULES_MAX = 40;
/** The OG list's filter and the settings preview look this many days ahead. */
export const SLOT_SOON_DAYS = 14;
/** The agenda of a request: questions the student brings, at most five. */
export const AGENDA_QUESTIONS_MAX = 5;
export const AGENDA_QUESTION_MAX_LENGTH = 200;
/** What each side says of a meeting once its time came. */
export const VISIT_OUTCOMES = ['held', 'no_show'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];
/** A student reported absent this many times within the window sends no requests until cleared. */
export const NO_SHOW_LIMIT = 2;
export const NO_SHOW_WINDOW_DAYS = 90;
/**
 * The side a no-show claim names has this many days from the claim to answer 「参加しました」:
 * a claim left unanswered that long counts toward NO_SHOW_LIMIT without an admin; one answered
 * in time counts only once an admin upholds it (docs/decisions/0033-no-show-claims.md).
 */
export const NO_SHOW_ANSWER_DAYS = 7;
/** What an admin decides on a no-show claim after reading both sides. */
export const NO_SHOW_DECISIONS = ['upheld', 'dismissed'] as const;
export type NoShowDecision = (typeof NO_SHOW_DECISIONS)[number];
/** Private feedback for the seminar: a rating of 1 to 5 and a comment. */
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_COMMENT_MAX_LENGTH = 1000;
/** How often a process looks for due reminders and expiries. */
export const VISIT_TIMERS_POLL_MS = 60_000;
/** Meeting details the alumnus sets once a visit is agreed. */
export const MEETING_PLACE_MAX_LENGTH = 200;

/**
 * 訪問記録 (docs/PRODUCT.md §7a): what a student writes after a held visit. Its words (questions,
 * answers and advice together) are at most VISIT_NOTE_MAX_LENGTH characters.
 */
export const VISIT_NOTE_MAX_LENGTH = 3000;
/** The one reminder to thank and keep a note comes this long after the visit's start. */
export const VISIT_NOTE_REMINDER_HOURS = 24;
export const VISIT_NOTE_QA_MAX = 10;
/** Where a note stands with the seminar: private to its author until she offers it. */
export const VISIT_NOTE_SHARING = [
  'private',
  'offered',
  'changes_requested',
  'shared',
  'declined',
  'withdrawn',
] as const;
export type VisitNoteSharing = (typeof VISIT_NOTE_SHARING)[number];
export const VISIT_NOTE_COMMENT_MAX_LENGTH = 500;
export const VISIT_NOTE_HIDE_REASON_MAX_LENGTH = 500;
export const VISIT_NOTE_PAGE_SIZE = 20;
/**
 * An unnamed 訪問記録 shows other students only what at least this many listed alumnae share
 * (server/visit-notes/anonymity.ts decides it; her consent's name choice tells her so).
 */
export const ANONYMITY_MIN = 3;
/** What a withdrawing student chooses for the notes she shared. */
export const VISIT_NOTE_ON_WITHDRAWAL = ['keep', 'delete'] as const;
export type VisitNoteOnWithdrawal = (typeof VISIT_NOTE_ON_WITHDRAWAL)[number];
export const MEETING_URL_MAX_LENGTH = 500;

/**
 * Safe meetings (docs/PRODUCT.md §7): the kind of place the alumna chooses on accepting. 'public'
 * is a café or another place with people around; 'other' needs a short description.
 */
export const PLACE_KINDS = ['online', 'office', 'public', 'university', 'other'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
export const PLACE_OTHER_MAX_LENGTH = 60;
/** 「無事に終わりましたか」: asked this long after an in-person visit's time. */
export const SAFE_END_ASK_AFTER_HOURS = 2;
/** Not confirmed this long after the ask, the visit appears in the console's quiet list. */
export const SAFE_END_UNCONFIRMED_AFTER_HOURS = 24;
/** New reports mail the admins at most once in this many minutes, gathered. */
export const REPORT_MAIL_INTERVAL_MINUTES = 15;
/** The words of a no-show claim and of the answer 「参加しました」. */
export const NO_SHOW_NOTE_MAX_LENGTH = 500;
/** The seminar's 相談窓口, as the admins set it. */
export const DESK_NAME_MAX_LENGTH = 60;
export const DESK_EMAIL_MAX_LENGTH = 254;
export const DESK_PHONE_MAX_LENGTH = 30;
export const DESK_HOURS_MAX_LENGTH = 100;
export const DESK_NOTE_MAX_LENGTH = 300;
/**
 * The public desk the 「困ったときは」 box names beside the seminar's and her employer's: the
 * prefectural labour bureaus' 総合労働相談コーナー (free, for anyone, harassment in job hunting
 * included), as the Ministry of Health, Labour and Welfare lists them.
 */
export const GENERAL_LABOUR_CONSULTATION = {
  nameJa: '総合労働相談コーナー',
  nameEn: 'Comprehensive Labour Consultation Corner',
  url: 'https://www.mhlw.go.jp/general/seido/chihou/kaiketu/soudan.html',
} as const;

/** What the bell lists (docs/PRODUCT.md §7). */
export const NOTIFICATION_KINDS = [
  'requested',
  'booked',
  'accepted',
  'proposed',
  'proposalAccepted',
  'declined',
  'cancelled',
  'cancelledByWithdrawal',
  'meetingDetails',
  'message',
  'unansweredReminder',
  'bookingLapsing',
  'expired',
  'expiredUnanswered',
  'autoPaused',
  'dayBefore',
  'noShowReported',
  'thanks',
  'safeEndAsk',
  'noteReminder',
  'noteOffered',
  'noteConsented',
  'noteChangesRequested',
  'noteDeclined',
  'noteHidden',
  // 紹介 (decision 0044): to the introduced alumna, and to the student once she opted in.
  'introduced',
  'introductionOptedIn',
  // 座談会 (issue 58): a seat given from the waiting list; a 座談会 cancelled.
  'groupSessionSeatGiven',
  'groupSessionCancelled',
  // 座談会 (issue 58 point 4): the day before, to each seated student and to its alumna.
  'groupSessionDayBefore',
  'groupSessionDayBeforeHost',
  // 座談会's thread: its alumna posted to all (to each student holding a place); a question (to her).
  'groupSessionPost',
  'groupSessionQuestion',
  // 座談会 called off by an admin: to its alumna (her own cancellation tells her nothing).
  'groupSessionCancelledHost',
  // 座談会: its place's words or meeting URL set or changed (to each seated student).
  'groupSessionPlaceChanged',
  // 座談会 after it is held: a 欠席 recorded (a no-show claim); 「無事に終わりましたか」 in person.
  'groupSessionAbsent',
  'groupSessionSafeEndAsk',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** How often the header asks for the bell's count (answered 304 while nothing changed). */
export const NOTIFICATION_POLL_INTERVAL_MS = 20_000;
/** The bell's list shows this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 30;
/**
 * The events a user can choose to be mailed about on /profile (all on by default). Sign-in,
 * registration and account mails are not optional.
 */
export const MAIL_EVENTS = [
  'requests',
  'answers',
  'cancellations',
  'messages',
  'reminders',
] as const;
export type MailEvent = (typeof MAIL_EVENTS)[number];

export const REPORT_REASONS = [
  'harassment',
  'solicitation',
  'money',
  'alcohol',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX_LENGTH = 1000;

/**
 * How long a resolved report (with who was reported: name, address, the request) and
 * a cleared registration hold are kept before the hourly maintenance deletes them. The privacy
 * notice, the terms and docs/RETENTION.md state this one number.
 */
export const RETENTION_DAYS = 365;

/**
 * How long the mail log keeps a message once it was sent or given up (its addressee, subject,
 * status and times; the body is redacted sooner, mail/outbox.ts) before the hourly maintenance
 * deletes it: long enough to answer 「メールが届きません」, no longer. docs/RETENTION.md.
 */
export const MAIL_LOG_DAYS = 30;

// ── Invitations that sound like the seminar (issue 56, point 4) ──
/** The seminar's name and its teacher's or admin's, as the invitations name them. */
export const SEMINAR_NAME_MAX_LENGTH = 60;
export const SEMINAR_LEADER_MAX_LENGTH = 40;
/** The inviter's personal line in an invitation mail. */
export const INVITATION_MESSAGE_MAX_LENGTH = 300;
/** Addresses one admin's list may hold (one per line). */
export const BULK_INVITATION_MAX_ADDRESSES = 30;
/** Invitations an admin's lists may mail in a day: a seminar's year, not a mailing list. */
export const BULK_INVITATIONS_PER_DAY = 100;

/** 「あなたへのおすすめ」 (issue 57): up to this many on the OG list, and on the page of its own. */
export const RECOMMENDATIONS_ON_LIST = 6;
export const RECOMMENDATIONS_MAX = 24;
