import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  JobType,
  Language,
  MailEvent,
  MentorTopic,
  NoShowDecision,
  NotificationKind,
  PlaceKind,
  ReplyTemplate,
  SlotMinutes,
  VisitNoteSharing,
  VisitOutcome,
  VisitPurpose,
  WindowFormat,
} from '../../shared/constants';
import { WAITING_REQUESTS_DEFAULT_LIMIT } from '../../shared/constants';
import type { Role } from '../../shared/roles';
import type { EmployerRules } from '../../shared/schemas/employer-rules';

/** PGlite hands bytea back as Uint8Array, node-postgres as Buffer: both become Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Users: one row per person, the address unique. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** The events the user chose not to be mailed about (shared MAIL_EVENTS); none by default. */
    mailOptOut: text('mail_opt_out')
      .array()
      .$type<MailEvent[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The secret of the user's private calendar feed URL, made on first use and replaced when
     * the user regenerates it. Kept readable (not hashed) because /profile shows the URL again;
     * it opens nothing but the list of the user's upcoming visits (decision 0012).
     */
    calendarToken: text('calendar_token'),
    /**
     * The profile has no フリガナ yet and the person has not been asked: the next page after
     * sign-in asks once (docs/PRODUCT.md §4). Accounts made before readings were asked for.
     */
    asksNameReading: boolean('asks_name_reading').notNull().default(false),
    /**
     * The interface language the person last chose (decision 0041): mails and pushes to them
     * are written in it. Null until they choose (Japanese meanwhile), so that a browser that
     * chose before the account kept a choice is not overruled by a default.
     */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_language_known', sql`${t.language} in ('ja', 'en')`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_calendar_token_key').on(t.calendarToken),
    // The admin console's user list: newest first, ties broken by id.
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const universities = pgTable('universities', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The name's reading in hiragana, so lists run in あいうえお order. */
  reading: text('reading').notNull().default(''),
  /** The romanised (English) name shown in English mode; the name when absent. */
  nameEn: text('name_en'),
  /** A retired university stays on existing profiles but is not offered on /register. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const universityDomains = pgTable(
  'university_domains',
  {
    domain: text('domain').primaryKey(),
    universityId: text('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('university_domains_university_idx').on(t.universityId)],
);

export const students = pgTable('students', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** フリガナ in katakana; null only for accounts made before it was asked for. */
  nameReading: text('name_reading'),
  studentNumber: text('student_number').notNull(),
  universityId: text('university_id').references(() => universities.id),
  universityName: text('university_name').notNull(),
  faculty: text('faculty').notNull(),
  department: text('department').notNull(),
  grade: text('grade').notNull(),
  contactEmail: text('contact_email').notNull(),
  desiredIndustry: text('desired_industry'),
  desiredJobType: text('desired_job_type'),
  selfIntroduction: text('self_introduction'),
  email: text('email').notNull(),
  /** An admin marked the student's cohort as graduating: they may apply to become an OG. */
  graduatingMarkedAt: timestamp('graduating_marked_at', { withTimezone: true }),
  /** No-shows before this no longer count towards the request stop (an admin cleared them). */
  noShowsClearedAt: timestamp('no_shows_cleared_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const mentorIcons = pgTable(
  'mentor_icons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
    /**
     * When a newer icon (or none) took its place. A page read moments before may
     * still hold this icon's URL, so it keeps answering for ICON_GRACE_MS before it is purged.
     */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [index('mentor_icons_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    inviteCode: text('invite_code').notNull(),
    status: text('status')
      .$type<'pending' | 'completed' | 'expired'>()
      .notNull()
      .default('pending'),
    role: text('role').$type<'mentor' | 'mentor_pending'>().notNull().default('mentor_pending'),
    /** Cleared when the inviter withdraws; the history of completed invitations stays. */
    inviterId: uuid('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitationUrl: text('invitation_url').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Set when an admin revoked the invitation; it is then expired like any other. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The hash of the proof the link carries besides the code (the mail and the admins' copy
     * hold the link; an alumna inviter sees neither): a form sent with it was opened from the
     * link, which proves the invitee's address, so she is not mailed a confirmation link
     * (docs/PRODUCT.md §5). Null on invitations made before it existed.
     */
    proofHash: text('proof_hash'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invitations_email_idx').on(t.email),
    index('invitations_inviter_idx').on(t.inviterId, t.createdAt),
    // The admin console's invitation list: newest first, ties broken by id.
    index('invitations_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('invitations_pending_code_key')
      .on(t.inviteCode)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const mentors = pgTable(
  'mentors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    universityId: text('university_id').references(() => universities.id),
    universityName: text('university_name').notNull(),
    /**
     * 学部, as she typed it (optional; null for every alumna who registered before it was asked):
     * shown beside her university, and 「同じ学部の先輩」 to a student of the same faculty.
     */
    faculty: text('faculty'),
    graduationYear: integer('graduation_year').notNull(),
    /** "category - subcategory", or the category alone (see shared/taxonomy). */
    industry: text('industry').notNull(),
    company: text('company').notNull(),
    contactEmail: text('contact_email').notNull(),
    /**
     * When the contact address was confirmed by its mailed link; null until then, and students
     * see no address. A new profile starts with the sign-in address, confirmed (the default);
     * a separate one is confirmed by its link (mentors/contact-email-service).
     */
    contactEmailConfirmedAt: timestamp('contact_email_confirmed_at', {
      withTimezone: true,
    }).defaultNow(),
    /** The hash of the unfollowed link that confirms contact_email (the one last mailed). */
    contactEmailTokenHash: text('contact_email_token_hash'),
    contactEmailTokenExpiresAt: timestamp('contact_email_token_expires_at', { withTimezone: true }),
    iconId: uuid('icon_id').references(() => mentorIcons.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    urlParam: text('url_param').notNull(),
    invitationId: uuid('invitation_id').references(() => invitations.id, { onDelete: 'set null' }),
    invitationRole: text('invitation_role'),
    /**
     * Who sees the contact address: every signed-in user, or only students
     * whose request the alumnus accepted. The private choice is the default.
     */
    contactVisibility: text('contact_visibility')
      .$type<'signed_in' | 'accepted'>()
      .notNull()
      .default('accepted'),
    /**
     * フリガナ in katakana, for finding and sorting alumni by the reading of their name; null only
     * for accounts made before it was required.
     */
    nameReading: text('name_reading'),
    /** The company's フリガナ in katakana (optional), so a search finds it by its reading. */
    companyReading: text('company_reading'),
    /** 職種, one of shared/constants JOB_TYPES (optional). */
    jobType: text('job_type').$type<JobType>(),
    /** 入社年 (optional). */
    joinedYear: integer('joined_year'),
    /** 相談できること, keys of shared/constants MENTOR_TOPICS. */
    topics: text('topics')
      .array()
      .$type<MentorTopic[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 相談できること in the alumnus's own words, beside the fixed topics. */
    topicsNote: text('topics_note'),
    /** よくある返信: texts the alumnus keeps to answer in a request's thread. */
    replyTemplates: jsonb('reply_templates').$type<ReplyTemplate[]>().notNull().default([]),
    /** false: 受付停止, no new visit requests. */
    acceptingRequests: boolean('accepting_requests').notNull().default(true),
    /**
     * She may be introduced to students (紹介, decision 0044); off, no one can choose her and the
     * introducer is told so.
     */
    takesIntroductions: boolean('takes_introductions').notNull().default(true),
    /** Requests in a row that expired unanswered; any answer sets it back to 0. */
    expiredInRow: integer('expired_in_row').notNull().default(0),
    /** The site stopped the requests after MENTOR_PAUSE_AFTER_EXPIRED in a row (cleared on resuming). */
    autoPausedAt: timestamp('auto_paused_at', { withTimezone: true }),
    /** Requests received per calendar month (Japan time) before the alumnus stops accepting. */
    monthlyRequestLimit: integer('monthly_request_limit'),
    /**
     * 予約枠 (booking/): she publishes open slots from her windows (mentor_availability). Off
     * until she turns it on; the rest are her choices within shared/constants' bounds.
     */
    bookingEnabled: boolean('booking_enabled').notNull().default(false),
    slotMinutes: integer('slot_minutes').$type<SlotMinutes>().notNull().default(60),
    bookingNoticeHours: integer('booking_notice_hours').notNull().default(48),
    bookingAheadDays: integer('booking_ahead_days').notNull().default(30),
    bookingBufferMinutes: integer('booking_buffer_minutes').notNull().default(30),
    /** Slots on Japan's public holidays are offered only when she allows them. */
    bookingOnHolidays: boolean('booking_on_holidays').notNull().default(false),
    /**
     * 「自動で承諾」: a booking is agreed at once. Set only with the meeting rules confirmed
     * (bookingRulesConfirmedAt), which then stand for her confirmation on each such visit.
     */
    autoAccept: boolean('auto_accept').notNull().default(false),
    bookingRulesConfirmedAt: timestamp('booking_rules_confirmed_at', { withTimezone: true }),
    /**
     * Her earliest open slot, for the OG list's card and its 14-day filter: written by
     * booking/service.ts (refreshNextSlots) whenever what decides it changes, and again by the timers once it
     * is no longer bookable. Null: no open slot.
     */
    nextSlotAt: timestamp('next_slot_at', { withTimezone: true }),
    /** When nextSlotAt was last worked out (the timers look again at least hourly). */
    nextSlotCheckedAt: timestamp('next_slot_checked_at', { withTimezone: true }),
    /**
     * Her employer's rules for OB・OG訪問 and its desk (shared/schemas/employer-rules.ts), as she
     * recorded them; null: none recorded (read as NO_EMPLOYER_RULES). One value, written whole
     * by PUT /api/mentors/me/employer-rules after the schema checked it.
     */
    employerRules: jsonb('employer_rules').$type<EmployerRules>(),
    /** Name, company, their readings and message folded by shared/search for partial Japanese matching. */
    searchText: text('search_text').notNull().default(''),
    /**
     * Every one- and two-character piece of search_text, computed by PostgreSQL (migration 0003
     * defines mentor_search_grams), so a two-character Japanese word such as 商社 finds its
     * rows through a GIN index; LIKE on search_text then checks the exact match.
     */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`mentor_search_grams(search_text)`),
    /**
     * On the OG list and the detail pages: the user is an approved alumnus or an admin, with a
     * confirmed address, not suspended. Kept by the database (migration 0019's triggers, from
     * the user's row), never written by the app, so the list need not join users to filter
     * and listed_mentor_count can follow it.
     */
    listed: boolean('listed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mentors_url_param_key').on(t.urlParam),
    uniqueIndex('mentors_contact_email_token_hash_key').on(t.contactEmailTokenHash),
    // The list's order and cursor: newest first, ties broken by id.
    index('mentors_created_idx').on(t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    // The year filters, and the graduation-year order with its tie-break, read
    // backwards for newest graduates first.
    index('mentors_graduation_year_idx').on(t.graduationYear, t.userId),
    // The ふりがな order, those without one last (list-order.ts uses these expressions).
    index('mentors_reading_idx').on(
      sql`(${t.nameReading} is null)`,
      sql`coalesce(${t.nameReading}, '')`,
      t.userId,
    ),
    index('mentors_job_type_idx').on(t.jobType),
    // GIN indexes without a pending list (migration 0027): PGlite has no autovacuum to empty it,
    // and every search read the whole list, up to 4 MB, and the planner priced it in.
    index('mentors_topics_idx').using('gin', t.topics).with({ fastupdate: false }),
    index('mentors_university_idx').on(t.universityId),
    // Category filters are "= category" or "LIKE 'category - %'": pattern_ops serves both
    // whatever the database's collation.
    index('mentors_industry_idx').on(t.industry.op('text_pattern_ops')),
    index('mentors_search_grams_idx').using('gin', t.searchGrams).with({ fastupdate: false }),
    // The OG list's 「14日以内に空きあり」 filter, and the timers' look for slots gone by.
    index('mentors_next_slot_idx').on(t.nextSlotAt),
  ],
);

/**
 * When an alumna can meet (booking/): a weekly window (weekday, from–to), a one-off date
 * (date, from–to) or a day off (date). Minutes count from midnight, Japan time.
 */
export const mentorAvailability = pgTable(
  'mentor_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => mentors.userId, { onDelete: 'cascade' }),
    kind: text('kind').$type<'weekly' | 'date' | 'day_off'>().notNull(),
    /** 0 Sunday … 6 Saturday: weekly windows only. */
    weekday: integer('weekday'),
    /** YYYY-MM-DD: one-off dates and days off only. */
    day: date('day', { mode: 'string' }),
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    meetingFormat: text('meeting_format').$type<WindowFormat>(),
    /** Where an in-person visit in this window is held (a public place), for 自動で承諾. */
    placeKind: text('place_kind').$type<PlaceKind>(),
    meetingPlace: text('meeting_place'),
    createdAt: createdAt(),
  },
  (t) => [index('mentor_availability_mentor_idx').on(t.mentorId)],
);

export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull().default('student'),
    /** The whole form, so the link completes on any device. */
    data: jsonb('data').notNull(),
    status: text('status').$type<'pending'>().notNull().default('pending'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pending_registrations_email_idx').on(t.email, t.createdAt)],
);

/**
 * A change of sign-in address (docs/PRODUCT.md §3): asked for on /profile, applied when the link
 * mailed to the new address is followed; the old address then gets a link that undoes it for
 * a week. Only hashes of the two links' tokens are stored.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'graduation': the address of an application to become an OG, applied only with it. */
    purpose: text('purpose').$type<'address' | 'graduation'>().notNull().default('address'),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    undoTokenHash: text('undo_token_hash'),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash_key').on(t.tokenHash),
    uniqueIndex('email_changes_undo_token_hash_key').on(t.undoTokenHash),
    index('email_changes_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The April grade rollover of each school year (docs/PRODUCT.md §4): which students moved from
 * which grade to which, so that an admin can undo the last one. One per school year.
 */
export const gradeRollovers = pgTable(
  'grade_rollovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The school year it opened (the April's calendar year, Japan time). */
    schoolYear: integer('school_year').notNull(),
    changes: jsonb('changes').$type<{ userId: string; from: string; to: string }[]>().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('grade_rollovers_school_year_key').on(t.schoolYear)],
);

/** Sign-in links and their one-time codes; only hashes are stored. */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash'),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pendingRegistrationId: uuid('pending_registration_id').references(
      () => pendingRegistrations.id,
      { onDelete: 'cascade' },
    ),
    purpose: text('purpose').$type<'sign_in' | 'registration'>().notNull(),
    /** Wrong addresses typed with the link: enough of them burn the link. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /**
     * Wrong codes, typed only in the browser that asked: enough of them burn the code and
     * leave the link, which whoever asked for someone else's address never has.
     */
    codeFailedAttempts: integer('code_failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * Sha256 of the browser-binding cookie of the request that asked for this mail.
     * Its typed code works only in that browser; the mentor waiting page reads status by it.
     */
    browserHash: text('browser_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_in_tokens_token_hash_key').on(t.tokenHash),
    index('sign_in_tokens_email_idx').on(t.email, t.createdAt),
    index('sign_in_tokens_browser_idx').on(t.browserHash, t.createdAt),
  ],
);

/**
 * Every sign-in binding cookie the server made (sha256 of its value): a binding a browser
 * sends is adopted only when it is here, so a value a client chose is replaced, never bound
 * to a mail. Kept as long as the cookie lives (a day), then purged by maintenance.
 */
export const browserBindings = pgTable('browser_bindings', {
  hash: text('hash').primaryKey(),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value: a stolen database does not give working cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The two outboxes of the release before the one outbox (decision 0034), kept for one release:
 * during an upgrade the previous release's processes still queue into them and drain them, and
 * this release's engine moves every row none of them holds into `outbox`
 * (outbox-engine/previous-release.ts). The next release drops them (a contract step, decision
 * 0018). Nothing else reads or writes them.
 */
export const previousReleaseMailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * With the local outbox (no SMTP_URL) the body stays readable on /_dev/mail
     * until then, when its one-time links have expired; null for rows from before it
     * (read as created_at + 7 days). With SMTP the body is redacted as soon as it was sent.
     */
    redactAfter: timestamp('redact_after', { withTimezone: true }),
    /** When text, html and links were replaced by a note; to, subject and times remain. */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_sent_idx').on(t.sentAt),
  ],
);

export const previousReleasePushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim's lease: until then no other process takes it (a dead one's lapses). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_due_idx').on(t.dueAt)],
);

/**
 * Everything waiting to tell someone, on every channel (decision 0034): written in the
 * transaction of the change that causes it, drained by one engine (outbox-engine/engine.ts) that
 * claims rows with SKIP LOCKED under a lease and hands each to its channel's sender.
 * `to`, `subject`, `text`, `html` and `links` are the message as its channel carries it:
 * for mail the address, subject and bodies; for push the subscription's id, the title and the
 * page it opens (text and links), with no html. A push row goes with its subscription.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull(),
    /** A push's browser: the row goes when the subscription does (sign-out, another account). */
    subscriptionId: uuid('subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'cascade',
    }),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due from then; a claim pushes it past its lease, so it is due again if the claimer died. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * Mail: with the local outbox (no SMTP_URL) the body stays readable on /_dev/mail
     * until then, when its one-time links have expired; null for rows from before it
     * (read as created_at + 7 days). With SMTP the body is redacted as soon as it was sent.
     */
    redactAfter: timestamp('redact_after', { withTimezone: true }),
    /** When text, html and links were replaced by a note; to, subject and times remain. */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
  },
  (t) => [
    // Each channel claims its own due rows.
    index('outbox_due_idx').on(t.channel, t.status, t.nextAttemptAt),
    index('outbox_sent_idx').on(t.sentAt),
    index('outbox_subscription_idx').on(t.subscriptionId),
  ],
);

/**
 * How many alumni are listed (mentors.listed), kept by migration 0019's triggers in the same
 * transaction as every change to it: the OG list's 「全 N 件」 without filters, read instead of
 * counting every listed row on each uncached request. One row.
 */
export const listedMentorCount = pgTable(
  'listed_mentor_count',
  {
    id: integer('id').primaryKey().default(1),
    total: integer('total').notNull(),
  },
  (t) => [check('listed_mentor_count_one_row', sql`${t.id} = 1`)],
);

/** Shared counters for limits that must hold across app processes. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

/**
 * A student's request to visit (meet) an alumnus. Open while pending, or accepted
 * with the meeting still ahead; one open request per student and alumnus at a time (the
 * service checks it under a lock; the partial index below backs the pending half).
 */
export const visitRequests = pgTable(
  'visit_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Cleared when that side withdraws or is deleted: the request stays for the
     * other side, who sees 「退会したユーザー」 in place of the person.
     */
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'set null' }),
    mentorId: uuid('mentor_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<VisitPurpose>().notNull(),
    message: text('message').notNull(),
    /** One to three preferred start times, in the order the student listed them. */
    preferredSlots: timestamp('preferred_slots', { withTimezone: true }).array().notNull(),
    meetingFormat: text('meeting_format').$type<'online' | 'in_person'>().notNull(),
    /** 'expired': left unanswered (7 days, or every proposed time passed; visits/timers-service). */
    status: text('status')
      .$type<'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired'>()
      .notNull()
      .default('pending'),
    /** The agreed start: one of the preferred slots, or a proposed time the other side accepted. */
    meetingAt: timestamp('meeting_at', { withTimezone: true }),
    /**
     * The open proposal of other times (one to three), while the request is pending. Who made
     * it decides whose turn it is: none or the student's, the alumnus answers; the alumnus's, the
     * student does, choosing one of the times. `proposedTime` is the latest of them (what expiry
     * reads: every proposed time passed); a row whose `proposedTimes` do not end at it was written
     * by a process from before several times, and `proposedTime` alone is the proposal
     * (visits/proposed-times.ts).
     */
    proposedTime: timestamp('proposed_time', { withTimezone: true }),
    proposedTimes: timestamp('proposed_times', { withTimezone: true }).array(),
    proposedBy: text('proposed_by').$type<'student' | 'mentor'>(),
    proposalMessage: text('proposal_message'),
    /** Proposals made so far, both sides together (at most VISIT_MAX_PROPOSALS). */
    proposalCount: integer('proposal_count').notNull().default(0),
    /** The alumnus changed something the student has not opened yet (the tab's badge). */
    studentUnseen: boolean('student_unseen').notNull().default(false),
    /** Where to meet in person (a public place), set by the alumnus once accepted. */
    meetingPlace: text('meeting_place'),
    /** The online meeting's https URL, set by the alumnus once accepted. */
    meetingUrl: text('meeting_url'),
    /** Up to when each side has read the thread; also tells whether they are reading it now. */
    studentReadAt: timestamp('student_read_at', { withTimezone: true }),
    mentorReadAt: timestamp('mentor_read_at', { withTimezone: true }),
    /** When each side was last mailed about new messages (at most one mail per 15 minutes). */
    studentMessagesMailedAt: timestamp('student_messages_mailed_at', { withTimezone: true }),
    mentorMessagesMailedAt: timestamp('mentor_messages_mailed_at', { withTimezone: true }),
    /** The alumnus's words with an acceptance or a refusal. */
    responseMessage: text('response_message'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** 'withdrawal': cancelled because the other side withdrew or was deleted. */
    cancelledBy: text('cancelled_by').$type<'student' | 'mentor' | 'withdrawal'>(),
    cancelMessage: text('cancel_message'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The alumnus was reminded of the unanswered request (once, after 3 days). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** Both sides were sent the 前日確認 (once, at 18:00 Japan time the day before). */
    dayBeforeSentAt: timestamp('day_before_sent_at', { withTimezone: true }),
    /** What each side says of the meeting once its time came: held, or the other did not come. */
    studentOutcome: text('student_outcome').$type<VisitOutcome>(),
    mentorOutcome: text('mentor_outcome').$type<VisitOutcome>(),
    /** The student's お礼 was posted in the thread. */
    thankedAt: timestamp('thanked_at', { withTimezone: true }),
    /**
     * The kind of place the alumna chose on accepting ('online' for an online visit); 'other'
     * comes with a short description (placeOther). Null on requests agreed before it existed.
     */
    placeKind: text('place_kind').$type<PlaceKind>(),
    placeOther: text('place_other'),
    /** When each side confirmed the meeting rules for this visit (on requesting, on accepting). */
    studentRulesConfirmedAt: timestamp('student_rules_confirmed_at', { withTimezone: true }),
    mentorRulesConfirmedAt: timestamp('mentor_rules_confirmed_at', { withTimezone: true }),
    /**
     * 「無事に終わりましたか」: when the student was asked, after an in-person visit's time, and
     * when she confirmed that it ended well.
     */
    safeEndAskedAt: timestamp('safe_end_asked_at', { withTimezone: true }),
    safeEndConfirmedAt: timestamp('safe_end_confirmed_at', { withTimezone: true }),
    /** The student was reminded, once, to thank and to keep a 訪問記録 (visits/timers-service). */
    noteRemindedAt: timestamp('note_reminded_at', { withTimezone: true }),
    /**
     * The slot a booking holds (from one of the alumna's open slots), while pending and once
     * agreed; null for a request with proposed times, and cleared when other times are
     * proposed. Migration 0025's exclusion constraint lets no two live requests hold
     * overlapping times of one alumna.
     */
    bookedFrom: timestamp('booked_from', { withTimezone: true }),
    bookedUntil: timestamp('booked_until', { withTimezone: true }),
    /**
     * The place her window named for the slot a student booked in person (予約枠の場所: its kind
     * and her words, 「新宿駅周辺のカフェ」), kept as the slot offered it, so a later change of her
     * windows does not move it: shown to both sides while it waits, preselected and carried into
     * 待ち合わせ場所 when she accepts. Null for an online booking and a request without a slot.
     */
    windowPlaceKind: text('window_place_kind').$type<PlaceKind>(),
    windowPlace: text('window_place'),
    /** The agenda: 相談できること (her topics the student ticked) and up to five questions, in order. */
    agendaTopics: text('agenda_topics')
      .array()
      .$type<MentorTopic[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    agendaQuestions: text('agenda_questions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The introduction (紹介) the student asked from: it counted toward the alumna's monthly
     * limit when she opted in, so this request does not count again (decision 0044). One
     * request per introduction.
     */
    introductionId: uuid('introduction_id').references(() => introductions.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visit_requests_student_idx').on(t.studentId, t.createdAt),
    uniqueIndex('visit_requests_introduction_key').on(t.introductionId),
    // The alumnus's inbox and the monthly count of requests received.
    index('visit_requests_mentor_idx').on(t.mentorId, t.createdAt),
    uniqueIndex('visit_requests_pending_pair_key')
      .on(t.studentId, t.mentorId)
      .where(sql`${t.status} = 'pending'`),
    // The timed work (reminders, expiry, 前日確認) scans only what may be due.
    index('visit_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('visit_requests_day_before_idx')
      .on(t.meetingAt)
      .where(sql`${t.status} = 'accepted' and ${t.dayBeforeSentAt} is null`),
    // The console's lists of upcoming and recent visits, and the safe-end ask.
    index('visit_requests_meeting_idx')
      .on(t.meetingAt)
      .where(sql`${t.status} = 'accepted'`),
  ],
);

/**
 * A no-show claim: one side says the other did not come (docs/PRODUCT.md §7), with an optional
 * reason. The other side may answer once 「参加しました」 with a note; the admins see both. One
 * per visit and side, ever: a withdrawal keeps the row (and any answer) and is final, so a claim
 * is filed, mailed and answered once (docs/decisions/0033-no-show-claims.md).
 */
export const noShowClaims = pgTable(
  'no_show_claims',
  {
    visitRequestId: uuid('visit_request_id')
      .notNull()
      .references(() => visitRequests.id, { onDelete: 'cascade' }),
    /** The side that claims the other did not come. */
    claimantSide: text('claimant_side').$type<'student' | 'mentor'>().notNull(),
    reason: text('reason').notNull().default(''),
    /** The other side's answer 「参加しました」, given once. */
    answerNote: text('answer_note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The claimant changed the record back to 実施済み: the claim no longer stands, for good. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** An admin's decision after reading both sides: upheld counts toward the stop, dismissed never. */
    decision: text('decision').$type<NoShowDecision>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.visitRequestId, t.claimantSide] })],
);

/**
 * Private feedback of one side on a held visit, for the seminar only: never shown to the
 * other side.
 */
export const visitFeedback = pgTable(
  'visit_feedback',
  {
    visitRequestId: uuid('visit_request_id')
      .notNull()
      .references(() => visitRequests.id, { onDelete: 'cascade' }),
    side: text('side').$type<'student' | 'mentor'>().notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.visitRequestId, t.side] })],
);

/**
 * A message in a request's thread, between its student and its alumnus. Before acceptance,
 * contact details in it were masked before it was stored (`masked`).
 */
export const visitMessages = pgTable(
  'visit_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitRequestId: uuid('visit_request_id')
      .notNull()
      .references(() => visitRequests.id, { onDelete: 'cascade' }),
    /** Cleared when the sender withdraws; `senderSide` still says whose words they were. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderSide: text('sender_side').$type<'student' | 'mentor'>().notNull(),
    /** 'thanks': the student's お礼 after the visit, shown as such. */
    kind: text('kind').$type<'message' | 'thanks'>().notNull().default('message'),
    body: text('body').notNull(),
    masked: boolean('masked').notNull().default(false),
    /** The sending browser's id for the message: a retried send is not stored twice. */
    clientId: uuid('client_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('visit_messages_thread_idx').on(t.visitRequestId, t.createdAt),
    uniqueIndex('visit_messages_client_key').on(t.visitRequestId, t.clientId),
  ],
);

/**
 * The bell's list: what happened to one of the user's requests. New messages of a thread
 * gather in one unread notification (`count`), which a newer message moves to the top.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    visitRequestId: uuid('visit_request_id').references(() => visitRequests.id, {
      onDelete: 'cascade',
    }),
    /** The introduction (紹介) an entry is about, for the introduction kinds (no request yet). */
    introductionId: uuid('introduction_id').references(() => introductions.id, {
      onDelete: 'cascade',
    }),
    /** The 座談会 an entry is about, for its kinds (a seat given, a cancellation). */
    groupSessionId: uuid('group_session_id').references((): AnyPgColumn => groupSessions.id, {
      onDelete: 'cascade',
    }),
    /** The other side's name when it happened (empty for the site's own notices). */
    actorName: text('actor_name').notNull().default(''),
    count: integer('count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_unread_thread_key')
      .on(t.userId, t.visitRequestId)
      .where(sql`${t.kind} = 'message' and ${t.readAt} is null`),
  ],
);

/**
 * A browser that asked for push notifications (docs/PRODUCT.md §14): where its push service
 * takes messages for it, and the keys they are encrypted with. Several per user (a phone and
 * a laptop); an endpoint is one browser's, so it belongs to whoever subscribed it last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /**
     * The session that subscribed it: the subscription ends with that session, whatever ends it
     * (sign-out, idle timeout and its purge, suspension, address change, withdrawal), so a
     * shared computer left signed out gets no more pushes. Null on subscriptions made before
     * (migration 0033): never pushed to (notifications/push), so their browsers subscribe again.
     */
    sessionHash: text('session_hash').references(() => sessions.idHash, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    // Ending a session (the purge ends many at once) finds its subscriptions through this.
    index('push_subscriptions_session_idx').on(t.sessionHash),
  ],
);

/**
 * The site's VAPID key pair, made once by whichever process first needs it (unless set by
 * configuration): push services accept a site's pushes only with the key its subscriptions
 * were made for, so it must outlive restarts and be one for every process.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_keys_single_row', sql`${t.id} = 1`)],
);

/** Alumni a student bookmarked, to filter the OG list to them. */
export const favourites = pgTable(
  'favourites',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.mentorId] }),
    index('favourites_mentor_idx').on(t.mentorId),
  ],
);

/**
 * The alumnae whose 訪問記録 a student opened, one row for each alumna however many of her
 * notes she read (visit-notes/queries.ts findNote says what counts as reading): a signal for
 * 「あなたへのおすすめ」. Goes with either account (docs/RETENTION.md).
 */
export const noteReads = pgTable(
  'note_reads',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstReadAt: timestamp('first_read_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.mentorId] }),
    // An alumna's withdrawal deletes her rows through it.
    index('note_reads_mentor_idx').on(t.mentorId),
  ],
);

/** A user who blocked another: no visit requests either way while it stands. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);

/** A report of a user to the admins, resolved in /admin. */
export const userReports = pgTable(
  'user_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Cleared when the reporter withdraws: the report stays for the admins. */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedId: uuid('reported_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reported person's name and role when reported, kept if the account goes. */
    reportedLabel: text('reported_label').notNull(),
    /**
     * The reported person's sign-in address when reported: kept for the admins after
     * the account goes, until the report is purged (RETENTION_DAYS after it was resolved).
     */
    reportedEmail: text('reported_email'),
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    visitRequestId: uuid('visit_request_id').references(() => visitRequests.id, {
      onDelete: 'set null',
    }),
    /** The thread message reported, if the report was made from one. */
    messageId: uuid('message_id').references(() => visitMessages.id, { onDelete: 'set null' }),
    /** That message's text when reported, kept for the admins whatever happens to the thread. */
    messageBody: text('message_body'),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** When the admins were mailed of it (gathered, at most one mail per 15 minutes). */
    adminsMailedAt: timestamp('admins_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_reports_status_idx').on(t.status, t.createdAt),
    index('user_reports_unmailed_idx')
      .on(t.createdAt)
      .where(sql`${t.adminsMailedAt} is null`),
  ],
);

/**
 * The seminar's 相談窓口 (docs/PRODUCT.md §8), one row, set by the admins in the console and shown
 * wherever a student may need it; absent, the site shows the admins' contact.
 */
export const consultationDesk = pgTable(
  'consultation_desk',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    hours: text('hours').notNull().default(''),
    note: text('note').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('consultation_desk_one_row', sql`${t.id} = 1`)],
);

/**
 * The seminar as its invitations name it (docs/PRODUCT.md §5): one row, set by the admins in
 * the console; empty fields while it is not set (the mail then names the site's office).
 */
export const seminar = pgTable(
  'seminar',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    /** The teacher's or admin's name the invitations are sent in, beside the seminar's. */
    leaderName: text('leader_name').notNull().default(''),
    /**
     * Requests one student may have waiting for an answer at once (issue 57; visits/waiting-queries.ts):
     * the default until an admin sets it, and the row's own while it does not exist.
     */
    waitingRequestsLimit: integer('waiting_requests_limit')
      .notNull()
      .default(WAITING_REQUESTS_DEFAULT_LIMIT),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('seminar_one_row', sql`${t.id} = 1`),
    check('seminar_waiting_requests_limit_range', sql`${t.waitingRequestsLimit} between 1 and 5`),
  ],
);

/**
 * An address that may not register again (as a student or an alumna, nor be invited)
 * until an admin clears it. Made when an account with an open report against it, or a
 * suspended one, is withdrawn or deleted; purged RETENTION_DAYS after it was cleared.
 */
export const registrationHolds = pgTable(
  'registration_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    reason: text('reason').$type<'report' | 'suspension'>().notNull(),
    /** The name and role the person had, for the admin who decides. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedBy: uuid('cleared_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('registration_holds_email_idx').on(t.email),
    index('registration_holds_cleared_idx').on(t.clearedAt),
  ],
);

/**
 * A student's application to become an OG (docs/PRODUCT.md §4): the alumni profile as entered
 * and its icon, kept until the personal address is confirmed by the link of its email change;
 * the account then becomes mentor_pending with this profile.
 */
export const graduationApplications = pgTable(
  'graduation_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailChangeId: uuid('email_change_id').references(() => emailChanges.id, {
      onDelete: 'set null',
    }),
    /** The profile fields as parsed (shared MentorProfileFields). */
    profile: jsonb('profile').notNull(),
    iconId: uuid('icon_id').references(() => mentorIcons.id, { onDelete: 'set null' }),
    /** When the address was confirmed and the account became mentor_pending. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('graduation_applications_user_idx').on(t.userId),
    index('graduation_applications_change_idx').on(t.emailChangeId),
  ],
);

/**
 * 訪問記録 (docs/PRODUCT.md §7a): a student's note on a held visit. Private to her until she
 * offers it and the alumna consents (sharing = 'shared'); an admin may hide a shared one. The
 * company, industry and the alumna's 入社年 are copied from her profile when the note is first
 * written, so a shared note still reads the same when she changes her profile or leaves.
 */
export const visitNotes = pgTable(
  'visit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The visit; cleared when the request goes (both people left), while a kept note stays. */
    visitRequestId: uuid('visit_request_id').references(() => visitRequests.id, {
      onDelete: 'set null',
    }),
    /**
     * Or the 座談会 it is about (issue 58): cleared when the session goes (its alumna left), while
     * a kept note stays. groupSessionTitle says the note is about one, and never goes.
     */
    groupSessionId: uuid('group_session_id').references(() => groupSessions.id, {
      onDelete: 'set null',
    }),
    /** The 座談会's title as it was when the note was first written; null on a visit's note. */
    groupSessionTitle: text('group_session_title'),
    /** Cleared when the student withdraws and keeps her shared notes without her name. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The alumna; cleared when she leaves (the notes naming her are withdrawn first). */
    mentorId: uuid('mentor_id').references(() => users.id, { onDelete: 'set null' }),
    company: text('company').notNull(),
    companyReading: text('company_reading'),
    industry: text('industry').notNull(),
    jobType: text('job_type').$type<JobType>(),
    /** The alumna's 入社年, for 「{業界}・{入社年}年入社のOG」 when she is not named. */
    mentorJoinedYear: integer('mentor_joined_year'),
    /** The author's 学年 when she wrote it. */
    authorGrade: text('author_grade'),
    /** When the visit took place (its month and 年度 are shown). */
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    qa: jsonb('qa').$type<{ question: string; answer: string }[]>().notNull().default([]),
    advice: text('advice').notNull().default(''),
    sharing: text('sharing').$type<VisitNoteSharing>().notNull().default('private'),
    showName: boolean('show_name').notNull().default(false),
    /**
     * The author's choice that other students read her name (issue 56); otherwise 「記録: 3年の
     * 学生」. On unless she chooses otherwise, as every note was before the choice existed.
     */
    authorNamed: boolean('author_named').notNull().default(true),
    mentorComment: text('mentor_comment'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /**
     * When its alumna was last mailed about it: one mail per note and Japan day, however often
     * it is saved or offered again (issue 54, point 7).
     */
    mentorMailedAt: timestamp('mentor_mailed_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    /** The masked words, company, its reading and industry folded by shared/search (as mentors'). */
    searchText: text('search_text').notNull().default(''),
    /**
     * The note's own words alone (masked, folded the same way): what a reader who may not know
     * an unnamed note's alumna finds it by (issue 54, point 1; visit-notes/queries.ts).
     */
    wordsSearchText: text('words_search_text').notNull().default(''),
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`mentor_search_grams(search_text)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('visit_notes_visit_key')
      .on(t.visitRequestId)
      .where(sql`${t.visitRequestId} is not null`),
    // One note per student and 座談会; a note is about a visit or a 座談会, never both (its
    // visit or session may be gone: a kept note outlives them, so neither id is required).
    uniqueIndex('visit_notes_group_session_key')
      .on(t.groupSessionId, t.authorId)
      .where(sql`${t.groupSessionId} is not null`),
    check(
      'visit_notes_about_one',
      sql`${t.groupSessionTitle} is null or ${t.visitRequestId} is null`,
    ),
    check(
      'visit_notes_session_titled',
      sql`${t.groupSessionId} is null or ${t.groupSessionTitle} is not null`,
    ),
    index('visit_notes_author_idx').on(t.authorId),
    index('visit_notes_mentor_idx').on(t.mentorId),
    // The seminar's shared notes, newest first (the search's order and cursor).
    index('visit_notes_shared_idx')
      .on(t.sharedAt, t.id)
      .where(sql`${t.sharing} = 'shared' and ${t.hiddenAt} is null`),
    index('visit_notes_search_grams_idx').using('gin', t.searchGrams).with({ fastupdate: false }),
  ],
);

/**
 * A warm introduction (紹介, decision 0044): an alumna who met the student, or an admin, introduces
 * her to another alumna with a short reason. The introduced alumna opts in or declines; only an
 * opt-in is shown to the student, who then books from it, and only an opt-in counts toward the
 * alumna's monthly limit (booking/takes-requests.ts), once.
 */
export const introductions = pgTable(
  'introductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The introduced alumna. */
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who introduced: an alumna who met the student, or an admin; null once that account is gone. */
    introducedBy: uuid('introduced_by').references(() => users.id, { onDelete: 'set null' }),
    introducerRole: text('introducer_role').$type<'mentor' | 'admin'>().notNull(),
    /** The introducer's name as the two read it (an admin's: the seminar's office). */
    introducerName: text('introducer_name').notNull(),
    /** The introducer's short reason, contact details masked as any words to someone not yet met. */
    reason: text('reason').notNull(),
    status: text('status')
      .$type<'pending' | 'opted_in' | 'declined'>()
      .notNull()
      .default('pending'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('introductions_status_known', sql`${t.status} in ('pending', 'opted_in', 'declined')`),
    // One pending introduction per student and alumna.
    uniqueIndex('introductions_pending_pair_key')
      .on(t.studentId, t.mentorId)
      .where(sql`${t.status} = 'pending'`),
    // Her monthly count: the introductions she opted in to since the month began.
    index('introductions_opted_in_idx')
      .on(t.mentorId, t.answeredAt)
      .where(sql`${t.status} = 'opted_in'`),
    index('introductions_student_idx').on(t.studentId, t.createdAt),
    index('introductions_introducer_idx').on(t.introducedBy, t.createdAt),
  ],
);

/**
 * 座談会 (issue 58, decision 0045): one alumna, several students, one time. Opened by the alumna
 * or by an admin for her (createdBy); cancelled by either with a reason. Its seats are rows of
 * group_session_places.
 */
export const groupSessions = pgTable(
  'group_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    topics: text('topics')
      .array()
      .$type<MentorTopic[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    signUpClosesAt: timestamp('sign_up_closes_at', { withTimezone: true }).notNull(),
    meetingFormat: text('meeting_format').$type<'online' | 'in_person'>().notNull(),
    /** In person: the university, her office or a public place (null online), and her words. */
    placeKind: text('place_kind').$type<'university' | 'office' | 'public'>(),
    meetingPlace: text('meeting_place'),
    meetingUrl: text('meeting_url'),
    /**
     * How many seats: carried by each place row too (its foreign key names this pair), so that
     * a place's CHECK can hold its seat number within it (decision 0045).
     */
    seats: integer('seats').notNull(),
    /** Who may take a seat: every student, some grades, or one university's students. */
    audienceKind: text('audience_kind').$type<'all' | 'grades' | 'university'>().notNull(),
    audienceGrades: text('audience_grades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    audienceUniversityId: text('audience_university_id').references(() => universities.id),
    /** The alumna herself, or the admin who opened it for her; null once that account is gone. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledReason: text('cancelled_reason'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the day-before mail went to its alumna and seated students (the timers' claim: once). */
    dayBeforeSentAt: timestamp('day_before_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('group_sessions_seats_range', sql`${t.seats} between 2 and 20`),
    check(
      'group_sessions_times_ordered',
      sql`${t.signUpClosesAt} <= ${t.startsAt} and ${t.startsAt} < ${t.endsAt}`,
    ),
    check('group_sessions_format_known', sql`${t.meetingFormat} in ('online', 'in_person')`),
    check(
      'group_sessions_audience_known',
      sql`${t.audienceKind} in ('all', 'grades', 'university')`,
    ),
    // What the places' foreign key names: the session with its seat count.
    unique('group_sessions_id_seats_key').on(t.id, t.seats),
    // The students' list: upcoming, soonest first.
    index('group_sessions_upcoming_idx')
      .on(t.startsAt)
      .where(sql`${t.cancelledAt} is null`),
    index('group_sessions_mentor_idx').on(t.mentorId, t.startsAt),
  ],
);

/**
 * A student's place in a 座談会: one row per student and session, seated (with a seat number),
 * waiting (with a number in the waiting order) or left. No seat is given twice by construction
 * (decision 0045): a seat number is unique in its session and, by the CHECK, between 1 and the
 * session's seat count, which the row carries under a foreign key to (id, seats) of the session,
 * so that a session never has more seated rows than seats whatever the code does; the join
 * locks the session's row so that students coming at once are placed one after another.
 */
export const groupSessionPlaces = pgTable(
  'group_session_places',
  {
    sessionId: uuid('session_id').notNull(),
    /** The session's seat count, as its row says (foreign key): what the seat number is held to. */
    sessionSeats: integer('session_seats').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<'seated' | 'waiting' | 'left'>().notNull(),
    /** Her seat (1..seats) while seated; null otherwise. */
    seatNo: integer('seat_no'),
    /** Her number in the waiting order while waiting (lower: sooner); null otherwise. */
    waitNo: integer('wait_no'),
    /** Recorded by the alumna after it is held: 参加 (true), 欠席 (false), or not yet (null). */
    attended: boolean('attended'),
    /**
     * Her 欠席 is a no-show claim against her (decision 0045, as 0033's for a visit): filed when
     * the alumna first records it (she is told then, once), answered once with 「参加しました」,
     * withdrawn for good when it is changed back to 参加, decided by an admin.
     */
    absenceClaimedAt: timestamp('absence_claimed_at', { withTimezone: true }),
    absenceAnswerNote: text('absence_answer_note'),
    absenceAnsweredAt: timestamp('absence_answered_at', { withTimezone: true }),
    absenceWithdrawnAt: timestamp('absence_withdrawn_at', { withTimezone: true }),
    absenceDecision: text('absence_decision').$type<NoShowDecision>(),
    absenceDecidedAt: timestamp('absence_decided_at', { withTimezone: true }),
    absenceDecidedBy: uuid('absence_decided_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** 「無事に終わりましたか」 after an in-person one (group-sessions/after.ts), and her tap. */
    safeEndAskedAt: timestamp('safe_end_asked_at', { withTimezone: true }),
    safeEndConfirmedAt: timestamp('safe_end_confirmed_at', { withTimezone: true }),
    /** When she took the place she holds (or left it). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.studentId] }),
    foreignKey({
      name: 'group_session_places_session_fk',
      columns: [t.sessionId, t.sessionSeats],
      foreignColumns: [groupSessions.id, groupSessions.seats],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    check('group_session_places_state_known', sql`${t.state} in ('seated', 'waiting', 'left')`),
    check(
      'group_session_places_seat_in_range',
      sql`${t.seatNo} is null or ${t.seatNo} between 1 and ${t.sessionSeats}`,
    ),
    check(
      'group_session_places_seat_when_seated',
      sql`(${t.state} = 'seated') = (${t.seatNo} is not null)`,
    ),
    check(
      'group_session_places_wait_when_waiting',
      sql`(${t.state} = 'waiting') = (${t.waitNo} is not null)`,
    ),
    uniqueIndex('group_session_places_seat_key').on(t.sessionId, t.seatNo),
    uniqueIndex('group_session_places_wait_key').on(t.sessionId, t.waitNo),
    index('group_session_places_student_idx').on(t.studentId),
  ],
);

/**
 * A post in a 座談会's thread (issue 58): its alumna's to all, a student's question. Masked as
 * stored (group-sessions/posts.ts), so that its author, the readers and a report read the same.
 */
export const groupSessionPosts = pgTable(
  'group_session_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => groupSessions.id, { onDelete: 'cascade' }),
    /** Cleared when the author withdraws; `authorSide` still says whose words they were. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorSide: text('author_side').$type<'mentor' | 'student'>().notNull(),
    body: text('body').notNull(),
    masked: boolean('masked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('group_session_posts_side_known', sql`${t.authorSide} in ('mentor', 'student')`),
    index('group_session_posts_thread_idx').on(t.sessionId, t.createdAt),
  ],
);
