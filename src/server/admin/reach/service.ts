import {
  NEVER_ASKED_DAYS,
  REACH_LIST_LIMIT,
  REACH_MONTHS,
  TOP_SHARE_OF_ALUMNI,
  type AdminReach,
  type AdminReachExportQuery,
  type LeftOutStudent,
  type NeverAskedMentor,
  type ReachList,
  type ReachMonth,
} from '../../../shared/schemas/admin-reach';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { toCsv, type CsvCell } from '../../lib/csv';
import type { Download } from '../../lib/download';
import { formatTokyoDateTime, tokyoDateStamp, tokyoMonths } from '../../lib/tokyo-time';
import { roundedHours } from '../visit-figures';
import {
  countAskableAlumni,
  monthFigures,
  neverAskedMentors,
  requestsPerMentor,
  studentsWithoutRequest,
  studentsWithoutVisit,
  type ListLimit,
} from './queries';

/**
 * 「依頼の偏り」 (docs/PRODUCT.md §9): where this month's and the last months' requests went,
 * how many were accepted and how fast they were answered, and who is left out today: alumni
 * nobody asked in NEVER_ASKED_DAYS days, students who never asked, students who asked and have
 * no visit.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function neverAskedSince(now: Date): Date {
  return new Date(now.getTime() - NEVER_ASKED_DAYS * DAY_MS);
}

/**
 * The part of the requests that went to the most asked fifth of the alumni (at least one
 * alumna): `counts` most first; the alumni who can be asked today are the whole.
 */
export function topFifthShare(counts: readonly number[], alumni: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const top = Math.max(1, Math.ceil(Math.max(alumni, counts.length) * TOP_SHARE_OF_ALUMNI));
  return counts.slice(0, top).reduce((sum, n) => sum + n, 0) / total;
}

export async function adminReach(db: Executor, now = new Date()): Promise<AdminReach> {
  const months = tokyoMonths(now, REACH_MONTHS);
  const first = months[0]!;
  const [figures, perMentor, alumni, neverAsked, noRequest, noVisit] = await Promise.all([
    monthFigures(db, first),
    requestsPerMentor(db, first),
    countAskableAlumni(db),
    neverAskedMentors(db, neverAskedSince(now), REACH_LIST_LIMIT),
    studentsWithoutRequest(db, REACH_LIST_LIMIT),
    studentsWithoutVisit(db, REACH_LIST_LIMIT),
  ]);
  const figuresByMonth = new Map(figures.map((row) => [row.month, row]));
  return {
    months: months.map((month): ReachMonth => {
      const row = figuresByMonth.get(month);
      // Already most asked first (the statement's order).
      const asked = perMentor
        .filter((entry) => entry.month === month)
        .map(({ userId, name, count }) => ({ userId, name, count }));
      const decided = row?.decided ?? 0;
      return {
        month,
        requested: row?.requested ?? 0,
        agreed: row?.agreed ?? 0,
        decided,
        acceptanceRate: decided > 0 ? (row?.agreed ?? 0) / decided : null,
        medianHoursToAnswer: roundedHours(row?.medianHours),
        perMentor: asked,
        topFifthShare: topFifthShare(
          asked.map((entry) => entry.count),
          alumni,
        ),
      };
    }),
    alumni,
    neverAsked,
    noRequest,
    noVisit,
  };
}

// ---------------------------------------------------------------- CSV

/** The files' words, Japanese as the seminar's office reads them (as in export/service.ts). */
const texts = {
  name: '氏名',
  company: '会社',
  lastAskedAt: '最後に依頼を受けた日時',
  accepting: '受付',
  acceptingOn: '受付中',
  acceptingOff: '受付停止中',
  registeredAt: '登録日時',
  university: '大学',
  grade: '学年',
  requests: '送った依頼数',
  lastRequestAt: '最後の依頼日時',
  never: 'なし',
} as const;

function timeOrNone(date: Date | null): string {
  return date ? formatTokyoDateTime(date) : texts.never;
}

const MENTOR_HEADER = [
  texts.name,
  texts.company,
  texts.lastAskedAt,
  texts.accepting,
  texts.registeredAt,
];

function mentorCells(mentor: NeverAskedMentor): CsvCell[] {
  return [
    mentor.name,
    mentor.company,
    timeOrNone(mentor.lastAskedAt),
    mentor.acceptingRequests ? texts.acceptingOn : texts.acceptingOff,
    formatTokyoDateTime(mentor.registeredAt),
  ];
}

const STUDENT_HEADER = [
  texts.name,
  texts.university,
  texts.grade,
  texts.requests,
  texts.lastRequestAt,
  texts.registeredAt,
];

function studentCells(student: LeftOutStudent): CsvCell[] {
  return [
    student.name,
    student.universityName,
    student.grade,
    student.requests,
    timeOrNone(student.lastRequestAt),
    formatTokyoDateTime(student.registeredAt),
  ];
}

async function readList(
  db: Executor,
  list: ReachList,
  limit: ListLimit,
  now: Date,
): Promise<{ header: string[]; rows: CsvCell[][] }> {
  if (list === 'never-asked') {
    const { items } = await neverAskedMentors(db, neverAskedSince(now), limit);
    return { header: MENTOR_HEADER, rows: items.map(mentorCells) };
  }
  const read = list === 'no-request' ? studentsWithoutRequest : studentsWithoutVisit;
  const { items } = await read(db, limit);
  return { header: STUDENT_HEADER, rows: items.map(studentCells) };
}

/**
 * One list whole as a spreadsheet, in the page's order, written as every console CSV is
 * (lib/csv.ts: BOM, CRLF, formulas made text) and audited with its list and row count. Built
 * whole: a list holds members of one seminar, not every row of a table.
 */
export async function exportReachList(
  db: Database,
  actor: SessionUser,
  { list }: AdminReachExportQuery,
  now = new Date(),
): Promise<Download> {
  return db.transaction(async (tx) => {
    const { header, rows } = await readList(tx, list, 'all', now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.export.reach',
      details: { list, rows: rows.length },
    });
    return {
      filename: `reach-${list}-${tokyoDateStamp(now)}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: toCsv(header, rows),
    };
  });
}
