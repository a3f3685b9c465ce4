import { ja } from '../../../shared/messages/ja';
import type {
  AdminVisit,
  AdminVisitExportQuery,
  AdminVisitListQuery,
  AdminVisitPage,
} from '../../../shared/schemas/admin';
import type { SessionUser } from '../../../shared/schemas/auth';
import { visitRulesState, visitSafeEndState } from '../../../shared/visit-schedule';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { toCsv, type CsvCell } from '../../lib/csv';
import type { Download } from '../../lib/download';
import { formatTokyoDateTime, tokyoDateStamp } from '../../lib/tokyo-time';
import { listAllVisits, listVisitPage } from './queries';

/**
 * What the seminar sees of the visits it must be able to account for (docs/PRODUCT.md §9):
 * the agreed ones ahead and those of the last month, with their kind of place and whether
 * both sides confirmed the rules and the student the safe end.
 */

export async function listAdminVisits(
  db: Executor,
  query: AdminVisitListQuery,
  now = new Date(),
): Promise<AdminVisitPage> {
  return listVisitPage(db, query.tab ?? 'upcoming', query.cursor, now);
}

const texts = ja.admin.visits;

const HEADER = [
  texts.time,
  texts.student,
  texts.mentor,
  texts.place,
  texts.rules,
  '学生のルール確認日時',
  'OGのルール確認日時',
  texts.safeEnd,
  '無事の確認日時',
];

function placeText(visit: AdminVisit): string {
  if (visit.placeKind === null) {
    return texts.placeUnset.replace('{{format}}', ja.visits.formats[visit.meetingFormat]);
  }
  if (visit.placeKind === 'other' && visit.placeOther) {
    return texts.placeOther.replace('{{text}}', visit.placeOther);
  }
  return texts.placeKinds[visit.placeKind];
}

function timeOrNull(date: Date | null): string | null {
  return date ? formatTokyoDateTime(date) : null;
}

function toRow(visit: AdminVisit, now: Date): CsvCell[] {
  return [
    formatTokyoDateTime(visit.meetingAt),
    visit.studentName ?? texts.withdrawn,
    visit.mentorName ?? texts.withdrawn,
    placeText(visit),
    texts[visitRulesState(visit)],
    timeOrNull(visit.studentRulesConfirmedAt),
    timeOrNull(visit.mentorRulesConfirmedAt),
    texts[visitSafeEndState(visit, now)],
    timeOrNull(visit.safeEndConfirmedAt),
  ];
}

/**
 * One tab as a spreadsheet, in the page's order and words, written the way the member lists
 * are (lib/csv.ts: BOM, CRLF, formulas made text) and audited with its tab and row count.
 * Built whole: a tab holds the visits ahead and those of the last month, not every row.
 */
export async function exportVisitSchedule(
  db: Database,
  actor: SessionUser,
  query: AdminVisitExportQuery,
  now = new Date(),
): Promise<Download> {
  const tab = query.tab ?? 'upcoming';
  return db.transaction(async (tx) => {
    const visits = await listAllVisits(tx, tab, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.export.visit-schedule',
      details: { tab, rows: visits.length },
    });
    return {
      filename: `visits-${tab}-${tokyoDateStamp(now)}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: toCsv(
        HEADER,
        visits.map((visit) => toRow(visit, now)),
      ),
    };
  });
}
