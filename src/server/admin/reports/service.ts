import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_PAGE_SIZE } from '../../../shared/schemas/admin';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { AdminThread } from '../../../shared/schemas/threads';
import type {
  AdminReport,
  AdminReportListQuery,
  AdminReportPage,
} from '../../../shared/schemas/safety';
import type { Database, Executor, Transaction } from '../../db/client';
import { cursorTimeOf, olderThanCursor, toPage } from '../../db/paging';
import { mentors, students, userReports, users, visitRequests } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { partyLabel } from '../../safety';
import { threadMessages, toThreadMessage } from '../../threads';

/**
 * The admins' side of reports: the list in /admin/reports, marking one handled or open again,
 * and the admins' note on it.
 */

const reporter = alias(users, 'reporter');
const reporterMentor = alias(mentors, 'reporter_mentor');
const reporterStudent = alias(students, 'reporter_student');
const reported = alias(users, 'reported');
const resolver = alias(users, 'resolver');
const visitStudent = alias(students, 'visit_student');
const visitMentor = alias(mentors, 'visit_mentor');

function selectReports(db: Executor) {
  return db
    .select({
      id: userReports.id,
      reason: userReports.reason,
      details: userReports.details,
      visitRequestId: userReports.visitRequestId,
      visitStudentName: visitStudent.name,
      visitMentorName: visitMentor.name,
      visitMeetingAt: visitRequests.meetingAt,
      visitRequestedAt: visitRequests.createdAt,
      messageBody: userReports.messageBody,
      status: userReports.status,
      createdAt: userReports.createdAt,
      cursorTime: cursorTimeOf(userReports.createdAt),
      reportedId: userReports.reportedId,
      reportedLabel: userReports.reportedLabel,
      reportedEmail: sql<string | null>`coalesce(${reported.email}, ${userReports.reportedEmail})`,
      reportedSuspendedAt: reported.suspendedAt,
      reporterId: reporter.id,
      reporterEmail: reporter.email,
      reporterMentorName: reporterMentor.name,
      reporterStudentName: reporterStudent.name,
      resolvedAt: userReports.resolvedAt,
      resolutionNote: userReports.resolutionNote,
      resolverId: resolver.id,
      resolverEmail: resolver.email,
    })
    .from(userReports)
    .leftJoin(reporter, eq(reporter.id, userReports.reporterId))
    .leftJoin(reporterMentor, eq(reporterMentor.userId, userReports.reporterId))
    .leftJoin(reporterStudent, eq(reporterStudent.userId, userReports.reporterId))
    .leftJoin(reported, eq(reported.id, userReports.reportedId))
    .leftJoin(resolver, eq(resolver.id, userReports.resolvedBy))
    .leftJoin(visitRequests, eq(visitRequests.id, userReports.visitRequestId))
    .leftJoin(visitStudent, eq(visitStudent.userId, visitRequests.studentId))
    .leftJoin(visitMentor, eq(visitMentor.userId, visitRequests.mentorId));
}

type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

function toAdminReport(row: ReportRow): AdminReport {
  return {
    id: row.id,
    reporter:
      row.reporterId !== null && row.reporterEmail !== null
        ? {
            id: row.reporterId,
            email: row.reporterEmail,
            label: partyLabel({
              mentorName: row.reporterMentorName,
              studentName: row.reporterStudentName,
            }),
          }
        : null,
    reported: {
      id: row.reportedId,
      label: row.reportedLabel,
      email: row.reportedEmail,
      suspended: row.reportedSuspendedAt !== null,
    },
    reason: row.reason,
    details: row.details,
    // The request is named by its two people and its date; its id means nothing to an admin.
    visit:
      row.visitRequestId !== null && row.visitRequestedAt !== null
        ? {
            studentName: row.visitStudentName,
            mentorName: row.visitMentorName,
            meetingAt: row.visitMeetingAt,
            requestedAt: row.visitRequestedAt,
          }
        : null,
    messageBody: row.messageBody,
    status: row.status,
    createdAt: row.createdAt,
    note: row.resolutionNote,
    resolution:
      row.status === 'resolved' && row.resolvedAt !== null
        ? {
            resolvedBy:
              row.resolverId !== null && row.resolverEmail !== null
                ? { id: row.resolverId, email: row.resolverEmail }
                : null,
            resolvedAt: row.resolvedAt,
          }
        : null,
  };
}

/** One page of reports, newest first; an unreadable cursor starts from the top. */
export async function listAdminReports(
  db: Executor,
  query: AdminReportListQuery,
): Promise<AdminReportPage> {
  const conditions: SQL[] = [];
  if (query.status === 'open' || query.status === 'resolved') {
    conditions.push(eq(userReports.status, query.status));
  }
  const older = olderThanCursor(userReports.createdAt, userReports.id, query.cursor);
  if (older) conditions.push(older);
  const rows = await selectReports(db)
    .where(and(...conditions))
    .orderBy(desc(userReports.createdAt), desc(userReports.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => ({ time: row.cursorTime, id: row.id }));
  return { reports: page.items.map(toAdminReport), nextCursor: page.nextCursor };
}

/** Reports nobody has dealt with yet: the overview's call to action. */
export async function countOpenReports(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(userReports)
    .where(eq(userReports.status, 'open'));
  return row?.count ?? 0;
}

/**
 * A report under its row lock, for a change decided on its status: two admins acting at once
 * are decided one after the other.
 */
async function lockReport(tx: Transaction, reportId: string) {
  const [report] = await tx
    .select({ status: userReports.status })
    .from(userReports)
    .where(eq(userReports.id, reportId))
    .for('update');
  if (!report) throw new AppError('not-found');
  return report;
}

async function readReport(tx: Transaction, reportId: string): Promise<AdminReport> {
  const [row] = await selectReports(tx).where(eq(userReports.id, reportId)).limit(1);
  return toAdminReport(row!);
}

/**
 * Marks a report handled (対応済み), with a note of what was done if given; without one, a note
 * written while it was open stays (a suspension is done in the users page, on its own). Two
 * admins resolving at once: the second is told it is done.
 */
export async function resolveReport(
  db: Database,
  admin: SessionUser,
  reportId: string,
  note: string | undefined,
): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    const report = await lockReport(tx, reportId);
    if (report.status !== 'open') throw new AppError('report/not-open');
    await tx
      .update(userReports)
      .set({
        status: 'resolved',
        resolvedBy: admin.id,
        ...(note ? { resolutionNote: note } : {}),
        resolvedAt: sql`now()`,
      })
      .where(eq(userReports.id, reportId));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'admin.report.resolve',
      targetType: 'report',
      targetId: reportId,
    });
    return readReport(tx, reportId);
  });
}

/**
 * Opens a handled report again (more came to light, or it was closed by mistake). The note
 * stays; who handled it and when go, and it counts as open again (the overview, the hold on a
 * withdrawal, the retention clock).
 */
export async function reopenReport(
  db: Database,
  admin: SessionUser,
  reportId: string,
): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    const report = await lockReport(tx, reportId);
    if (report.status !== 'resolved') throw new AppError('report/not-resolved');
    await tx
      .update(userReports)
      .set({ status: 'open', resolvedBy: null, resolvedAt: null })
      .where(eq(userReports.id, reportId));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'admin.report.reopen',
      targetType: 'report',
      targetId: reportId,
    });
    return readReport(tx, reportId);
  });
}

/**
 * Writes, changes or (empty) removes the admins' note on a report, open or handled. The audit
 * log records that it changed, not its words: the note is the record, the log says who wrote it.
 */
export async function setReportNote(
  db: Database,
  admin: SessionUser,
  reportId: string,
  note: string,
): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    await lockReport(tx, reportId);
    await tx
      .update(userReports)
      .set({ resolutionNote: note ? note : null })
      .where(eq(userReports.id, reportId));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'admin.report.note',
      targetType: 'report',
      targetId: reportId,
    });
    return readReport(tx, reportId);
  });
}

/**
 * The thread of the request a report is about. Admins read a thread only this way, and every
 * reading is written to the audit log with the report (docs/PRODUCT.md §8).
 */
export async function readReportedThread(
  db: Database,
  admin: SessionUser,
  reportId: string,
): Promise<AdminThread> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ visitRequestId: userReports.visitRequestId })
      .from(userReports)
      .where(eq(userReports.id, reportId));
    if (!report?.visitRequestId) throw new AppError('not-found');
    const rows = await threadMessages(tx, report.visitRequestId);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'admin.report.thread-read',
      targetType: 'report',
      targetId: reportId,
      details: { visitRequestId: report.visitRequestId },
    });
    return {
      messages: rows.map((row) => {
        const { mine: _, ...message } = toThreadMessage(row, null);
        return message;
      }),
    };
  });
}
