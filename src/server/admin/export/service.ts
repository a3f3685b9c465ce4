import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ja } from '../../../shared/messages/ja';
import type { Role } from '../../../shared/roles';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { AuditAction } from '../../../shared/audit-actions';
import type { Database, Executor } from '../../db/client';
import { afterKey, cursorTimeOf, fixedLimit, type CursorKey } from '../../db/paging';
import {
  invitations,
  mentors,
  students,
  users,
  visitFeedback,
  visitRequests,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { csvChunks, type CsvCell } from '../../lib/csv';
import { keysetBatches, type Download } from '../../lib/download';
import { formatTokyoDateTime, tokyoDateStamp } from '../../lib/tokyo-time';

/**
 * The member lists and the visits as spreadsheets for the seminar's office, oldest first.
 * Headers and values are in Japanese, as the office reads them. Each file is written as its
 * rows are read, 500 at a time by keyset (lib/download.ts: what that means for consistency),
 * and audited with its row count before its first byte leaves (the file itself is personal
 * data and is not kept).
 */

const STUDENT_HEADER = [
  '氏名',
  'メールアドレス',
  '連絡先メールアドレス',
  '学籍番号',
  '大学',
  '学部',
  '学科',
  '学年',
  '志望業界',
  '志望職種',
  '状態',
  '登録日時',
];

const MENTOR_HEADER = [
  '氏名',
  'ログインメールアドレス',
  '連絡先メールアドレス',
  '権限',
  '大学',
  '卒業年',
  '業界',
  '会社名',
  'ひとことメッセージ',
  '状態',
  '登録日時',
  '招待者',
];

/** The console's words for roles and status, so the file says what the screen says. */
const ROLE_LABELS: Readonly<Record<Role, string>> = ja.admin.roles;

function statusLabel(suspendedAt: Date | null): string {
  return suspendedAt ? ja.admin.users.statusSuspended : ja.admin.users.statusActive;
}

/** A row of an export with the key its order is by (`afterKey`). */
interface Keyed {
  key: CursorKey;
}

const keyOf = (row: Keyed): CursorKey => row.key;

/**
 * The next batch's members, in the file's order, read from users alone: the statement walks
 * `users_created_idx` from the key and stops after `limit` rows. Each member's profile is then
 * looked up by its primary key, in a LATERAL subquery with LIMIT 1 (which the planner keeps as
 * a lookup per member). Joined plainly, the planner misjudges how many users have a profile:
 * for the alumni it sorted every remaining row (about 300 ms a batch at 10,000 alumni on
 * PGlite, each batch slower than the last), for the students it hashed the whole students table
 * for 500 members.
 */
function membersAfter(db: Executor, roles: SQL, after: CursorKey | undefined, limit: number) {
  return db
    .select({
      id: users.id,
      keyTime: cursorTimeOf(users.createdAt).as('key_time'),
      email: users.email,
      role: users.role,
      suspendedAt: users.suspendedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(roles, afterKey(users.createdAt, users.id, after)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(fixedLimit(limit))
    .as('members');
}

/** What both members' files read of the member: the key, the address, the status, the date. */
function memberColumns(member: ReturnType<typeof membersAfter>) {
  return {
    key: { time: member.keyTime, id: member.id },
    email: member.email,
    suspendedAt: member.suspendedAt,
    createdAt: member.createdAt,
  };
}

type WithProfile<Row extends { profile: object | null }> = Row & {
  profile: NonNullable<Row['profile']>;
};

/** A member read for the key alone has no profile (null): the file leaves them out. */
function hasProfile<Row extends { profile: object | null }>(row: Row): row is WithProfile<Row> {
  return row.profile !== null;
}

const isStudent = eq(users.role, 'student');

/** The columns a file's cells read, and no more: a batch is decoded value by value. */
function studentBatch(db: Executor, after: CursorKey | undefined, limit: number) {
  const member = membersAfter(db, isStudent, after, limit);
  const profile = db
    .select({
      name: students.name,
      contactEmail: students.contactEmail,
      studentNumber: students.studentNumber,
      universityName: students.universityName,
      faculty: students.faculty,
      department: students.department,
      grade: students.grade,
      desiredIndustry: students.desiredIndustry,
      desiredJobType: students.desiredJobType,
    })
    .from(students)
    .where(eq(students.userId, member.id))
    .limit(1)
    .as('profile');
  return db
    .select({
      ...memberColumns(member),
      profile: {
        name: profile.name,
        contactEmail: profile.contactEmail,
        studentNumber: profile.studentNumber,
        universityName: profile.universityName,
        faculty: profile.faculty,
        department: profile.department,
        grade: profile.grade,
        desiredIndustry: profile.desiredIndustry,
        desiredJobType: profile.desiredJobType,
      },
    })
    .from(member)
    .leftJoinLateral(profile, sql`true`)
    .orderBy(asc(member.createdAt), asc(member.id));
}

type StudentRow = Awaited<ReturnType<typeof studentBatch>>[number];

function studentCells({ profile: student, ...user }: WithProfile<StudentRow>): CsvCell[] {
  return [
    student.name,
    user.email,
    student.contactEmail,
    student.studentNumber,
    student.universityName,
    student.faculty,
    student.department,
    student.grade,
    student.desiredIndustry,
    student.desiredJobType,
    statusLabel(user.suspendedAt),
    formatTokyoDateTime(user.createdAt),
  ];
}

const inviter = alias(users, 'inviter');
const inviterProfile = alias(mentors, 'inviter_profile');

/** Everyone with an alumni profile: approved, awaiting approval, or an admin who keeps one. */
const hasMentorRole = inArray(users.role, ['mentor', 'mentor_pending', 'admin']);

function mentorBatch(db: Executor, after: CursorKey | undefined, limit: number) {
  const member = membersAfter(db, hasMentorRole, after, limit);
  const profile = db
    .select({
      name: mentors.name,
      contactEmail: mentors.contactEmail,
      universityName: mentors.universityName,
      graduationYear: mentors.graduationYear,
      industry: mentors.industry,
      company: mentors.company,
      message: mentors.message,
      invitationId: mentors.invitationId,
    })
    .from(mentors)
    .where(eq(mentors.userId, member.id))
    .limit(1)
    .as('profile');
  return db
    .select({
      ...memberColumns(member),
      role: member.role,
      profile: {
        name: profile.name,
        contactEmail: profile.contactEmail,
        universityName: profile.universityName,
        graduationYear: profile.graduationYear,
        industry: profile.industry,
        company: profile.company,
        message: profile.message,
      },
      inviterEmail: inviter.email,
      inviterName: inviterProfile.name,
    })
    .from(member)
    .leftJoinLateral(profile, sql`true`)
    .leftJoin(invitations, eq(invitations.id, profile.invitationId))
    .leftJoin(inviter, eq(inviter.id, invitations.inviterId))
    .leftJoin(inviterProfile, eq(inviterProfile.userId, invitations.inviterId))
    .orderBy(asc(member.createdAt), asc(member.id));
}

type MentorRow = Awaited<ReturnType<typeof mentorBatch>>[number];

function mentorCells({ profile: mentor, ...user }: WithProfile<MentorRow>): CsvCell[] {
  return [
    mentor.name,
    user.email,
    mentor.contactEmail,
    ROLE_LABELS[user.role],
    mentor.universityName,
    mentor.graduationYear,
    mentor.industry,
    mentor.company,
    mentor.message,
    statusLabel(user.suspendedAt),
    formatTokyoDateTime(user.createdAt),
    // An admin inviter has no profile name; a withdrawn inviter is gone from the record.
    user.inviterName ?? user.inviterEmail,
  ];
}

const VISIT_HEADER = [
  '依頼ID',
  '依頼日時',
  '状態',
  '学生',
  '学生の大学',
  'OG',
  'OGの会社',
  '目的',
  '形式',
  '返答日時',
  '実施日時',
  '学生の記録',
  'OGの記録',
  'お礼',
  '学生の評価',
  'OGの評価',
];

const OUTCOME_LABELS = { held: '実施済み', no_show: '相手が来なかった' } as const;

const studentFeedback = alias(visitFeedback, 'student_feedback');
const mentorFeedback = alias(visitFeedback, 'mentor_feedback');

/**
 * Every visit request with its course and outcome, oldest first: for the seminar's own
 * figures. No message, thread or feedback comment: those are the two sides' words. The
 * batch's requests are chosen from their table alone (a top-N sort of that table, no index
 * orders it) and only those are joined to the names and ratings.
 */
function visitBatch(db: Executor, after: CursorKey | undefined, limit: number) {
  const request = db
    .select({
      id: visitRequests.id,
      keyTime: cursorTimeOf(visitRequests.createdAt).as('key_time'),
      createdAt: visitRequests.createdAt,
      status: visitRequests.status,
      purpose: visitRequests.purpose,
      meetingFormat: visitRequests.meetingFormat,
      respondedAt: visitRequests.respondedAt,
      meetingAt: visitRequests.meetingAt,
      studentOutcome: visitRequests.studentOutcome,
      mentorOutcome: visitRequests.mentorOutcome,
      thankedAt: visitRequests.thankedAt,
      studentId: visitRequests.studentId,
      mentorId: visitRequests.mentorId,
    })
    .from(visitRequests)
    .where(afterKey(visitRequests.createdAt, visitRequests.id, after))
    .orderBy(asc(visitRequests.createdAt), asc(visitRequests.id))
    .limit(fixedLimit(limit))
    .as('request');
  return db
    .select({
      key: { time: request.keyTime, id: request.id },
      id: request.id,
      createdAt: request.createdAt,
      status: request.status,
      purpose: request.purpose,
      meetingFormat: request.meetingFormat,
      respondedAt: request.respondedAt,
      meetingAt: request.meetingAt,
      studentOutcome: request.studentOutcome,
      mentorOutcome: request.mentorOutcome,
      thankedAt: request.thankedAt,
      studentName: students.name,
      studentUniversity: students.universityName,
      mentorName: mentors.name,
      mentorCompany: mentors.company,
      studentRating: studentFeedback.rating,
      mentorRating: mentorFeedback.rating,
    })
    .from(request)
    .leftJoin(students, eq(students.userId, request.studentId))
    .leftJoin(mentors, eq(mentors.userId, request.mentorId))
    .leftJoin(
      studentFeedback,
      and(eq(studentFeedback.visitRequestId, request.id), eq(studentFeedback.side, 'student')),
    )
    .leftJoin(
      mentorFeedback,
      and(eq(mentorFeedback.visitRequestId, request.id), eq(mentorFeedback.side, 'mentor')),
    )
    .orderBy(asc(request.createdAt), asc(request.id));
}

type VisitRow = Awaited<ReturnType<typeof visitBatch>>[number];

function visitCells(row: VisitRow): CsvCell[] {
  const withdrawn = ja.visits.withdrawnUser;
  return [
    row.id,
    formatTokyoDateTime(row.createdAt),
    ja.visits.statuses[row.status],
    row.studentName ?? withdrawn,
    row.studentUniversity,
    row.mentorName ?? withdrawn,
    row.mentorCompany,
    ja.visits.purposes[row.purpose],
    ja.visits.formats[row.meetingFormat],
    row.respondedAt ? formatTokyoDateTime(row.respondedAt) : null,
    row.meetingAt ? formatTokyoDateTime(row.meetingAt) : null,
    row.studentOutcome ? OUTCOME_LABELS[row.studentOutcome] : null,
    row.mentorOutcome ? OUTCOME_LABELS[row.mentorOutcome] : null,
    row.thankedAt ? formatTokyoDateTime(row.thankedAt) : null,
    row.studentRating,
    row.mentorRating,
  ];
}

/**
 * Each export's reader of one batch, called through this table (so that a test can watch the
 * batches an export reads: streaming.test.ts).
 */
export const exportBatches = {
  students: async (db: Executor, after: CursorKey | undefined, limit: number) =>
    studentBatch(db, after, limit),
  mentors: async (db: Executor, after: CursorKey | undefined, limit: number) =>
    mentorBatch(db, after, limit),
  visits: async (db: Executor, after: CursorKey | undefined, limit: number) =>
    visitBatch(db, after, limit),
};

interface CsvFile<Row extends Keyed, Kept extends Row> {
  /** The file's name before its date: students, mentors, visits. */
  name: keyof typeof exportBatches;
  action: AuditAction;
  /** The rows the file holds as it starts (one statement, run when awaited): the audit's count. */
  count: PromiseLike<{ n: number }[]>;
  header: readonly string[];
  read: (after: CursorKey | undefined, limit: number) => Promise<Row[]>;
  keep?: (row: Row) => row is Kept;
  cells: (row: Kept) => CsvCell[];
}

/**
 * One export as a download: audited first, with the rows it holds as it starts (so the entry
 * is there even if the download breaks off), then written a batch at a time as the client
 * takes it.
 */
async function csvExport<Row extends Keyed, Kept extends Row>(
  db: Database,
  actor: SessionUser,
  { name, action, count, header, read, keep, cells }: CsvFile<Row, Kept>,
): Promise<Download> {
  const [counted] = await count;
  await recordAudit(db, { actorId: actor.id, action, details: { rows: counted?.n ?? 0 } });
  const batches = keysetBatches(read, keyOf, { keep });
  return {
    filename: `${name}-${tokyoDateStamp(new Date())}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: csvChunks(header, batches, cells),
  };
}

/**
 * A file of members with a profile (students, alumni): counted as the rows it keeps, the members
 * of its roles with their profile.
 */
function profileExport<Row extends Keyed & { profile: object | null }>(
  db: Database,
  actor: SessionUser,
  file: Omit<CsvFile<Row, WithProfile<Row>>, 'count' | 'keep'> & {
    profiles: typeof students | typeof mentors;
    roles: SQL;
  },
): Promise<Download> {
  const { profiles, roles, ...rest } = file;
  return csvExport(db, actor, {
    ...rest,
    count: db
      .select({ n: count() })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(roles),
    keep: hasProfile,
  });
}

export function exportStudents(db: Database, actor: SessionUser): Promise<Download> {
  return profileExport(db, actor, {
    name: 'students',
    action: 'admin.export.students',
    profiles: students,
    roles: isStudent,
    header: STUDENT_HEADER,
    read: (after, limit) => exportBatches.students(db, after, limit),
    cells: studentCells,
  });
}

export function exportMentors(db: Database, actor: SessionUser): Promise<Download> {
  return profileExport(db, actor, {
    name: 'mentors',
    action: 'admin.export.mentors',
    profiles: mentors,
    roles: hasMentorRole,
    header: MENTOR_HEADER,
    read: (after, limit) => exportBatches.mentors(db, after, limit),
    cells: mentorCells,
  });
}

export function exportVisits(db: Database, actor: SessionUser): Promise<Download> {
  return csvExport(db, actor, {
    name: 'visits',
    action: 'admin.export.visits',
    count: db.select({ n: count() }).from(visitRequests),
    header: VISIT_HEADER,
    read: (after, limit) => exportBatches.visits(db, after, limit),
    cells: visitCells,
  });
}
