import type { FastifyReply } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ja } from '../../../shared/messages/ja';
import type { Role } from '../../../shared/roles';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Database, Executor } from '../../db/client';
import {
  invitations,
  mentors,
  students,
  users,
  visitFeedback,
  visitRequests,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { formatTokyoDateTime, tokyoDateStamp } from '../../lib/tokyo-time';
import { toCsv, type CsvCell } from '../../lib/csv';

/**
 * The member lists as spreadsheets for the seminar's office, oldest registration first.
 * Headers and values are in Japanese, as the office reads them; each export is audited
 * with its row count (the file itself is personal data and is not kept).
 */
export interface CsvExport {
  filename: string;
  csv: string;
}

// The console's other lists write their CSV the same way (visits/service.ts).
export { toCsv, type CsvCell } from '../../lib/csv';

/** A CSV file as a download, never cached: it is personal data. */
export function sendCsv(reply: FastifyReply, file: CsvExport) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);
}

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

async function studentRows(db: Executor): Promise<CsvCell[][]> {
  const rows = await db
    .select({ user: users, student: students })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.role, 'student'))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(({ user, student }) => [
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
  ]);
}

const inviter = alias(users, 'inviter');
const inviterProfile = alias(mentors, 'inviter_profile');

/** Everyone with an alumni profile: approved, awaiting approval, or an admin who keeps one. */
async function mentorRows(db: Executor): Promise<CsvCell[][]> {
  const rows = await db
    .select({
      user: users,
      mentor: mentors,
      inviterEmail: inviter.email,
      inviterName: inviterProfile.name,
    })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .leftJoin(invitations, eq(invitations.id, mentors.invitationId))
    .leftJoin(inviter, eq(inviter.id, invitations.inviterId))
    .leftJoin(inviterProfile, eq(inviterProfile.userId, invitations.inviterId))
    .where(inArray(users.role, ['mentor', 'mentor_pending', 'admin']))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(({ user, mentor, inviterEmail, inviterName }) => [
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
    inviterName ?? inviterEmail,
  ]);
}

export async function exportStudents(db: Database, actor: SessionUser): Promise<CsvExport> {
  return db.transaction(async (tx) => {
    const rows = await studentRows(tx);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.export.students',
      details: { rows: rows.length },
    });
    return {
      filename: `students-${tokyoDateStamp(new Date())}.csv`,
      csv: toCsv(STUDENT_HEADER, rows),
    };
  });
}

export async function exportMentors(db: Database, actor: SessionUser): Promise<CsvExport> {
  return db.transaction(async (tx) => {
    const rows = await mentorRows(tx);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.export.mentors',
      details: { rows: rows.length },
    });
    return {
      filename: `mentors-${tokyoDateStamp(new Date())}.csv`,
      csv: toCsv(MENTOR_HEADER, rows),
    };
  });
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
 * figures. No message, thread or feedback comment: those are the two sides' words.
 */
async function visitRows(db: Executor): Promise<CsvCell[][]> {
  const rows = await db
    .select({
      request: visitRequests,
      studentName: students.name,
      studentUniversity: students.universityName,
      mentorName: mentors.name,
      mentorCompany: mentors.company,
      studentRating: studentFeedback.rating,
      mentorRating: mentorFeedback.rating,
    })
    .from(visitRequests)
    .leftJoin(students, eq(students.userId, visitRequests.studentId))
    .leftJoin(mentors, eq(mentors.userId, visitRequests.mentorId))
    .leftJoin(
      studentFeedback,
      and(
        eq(studentFeedback.visitRequestId, visitRequests.id),
        eq(studentFeedback.side, 'student'),
      ),
    )
    .leftJoin(
      mentorFeedback,
      and(eq(mentorFeedback.visitRequestId, visitRequests.id), eq(mentorFeedback.side, 'mentor')),
    )
    .orderBy(asc(visitRequests.createdAt), asc(visitRequests.id));
  const withdrawn = ja.visits.withdrawnUser;
  return rows.map((row) => {
    const r = row.request;
    return [
      r.id,
      formatTokyoDateTime(r.createdAt),
      ja.visits.statuses[r.status],
      row.studentName ?? withdrawn,
      row.studentUniversity,
      row.mentorName ?? withdrawn,
      row.mentorCompany,
      ja.visits.purposes[r.purpose],
      ja.visits.formats[r.meetingFormat],
      r.respondedAt ? formatTokyoDateTime(r.respondedAt) : null,
      r.meetingAt ? formatTokyoDateTime(r.meetingAt) : null,
      r.studentOutcome ? OUTCOME_LABELS[r.studentOutcome] : null,
      r.mentorOutcome ? OUTCOME_LABELS[r.mentorOutcome] : null,
      r.thankedAt ? formatTokyoDateTime(r.thankedAt) : null,
      row.studentRating,
      row.mentorRating,
    ];
  });
}

export async function exportVisits(db: Database, actor: SessionUser): Promise<CsvExport> {
  return db.transaction(async (tx) => {
    const rows = await visitRows(tx);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.export.visits',
      details: { rows: rows.length },
    });
    return {
      filename: `visits-${tokyoDateStamp(new Date())}.csv`,
      csv: toCsv(VISIT_HEADER, rows),
    };
  });
}
