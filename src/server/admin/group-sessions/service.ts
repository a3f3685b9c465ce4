import { ja } from '../../../shared/messages/ja';
import type {
  AdminGroupSession,
  AdminGroupSessionExportQuery,
  AdminGroupSessionListQuery,
  AdminGroupSessionPage,
} from '../../../shared/schemas/admin-group-sessions';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { toCsv, type CsvCell } from '../../lib/csv';
import type { Download } from '../../lib/download';
import { formatTokyoDateTime, tokyoDateStamp } from '../../lib/tokyo-time';
import { listAllSessions, listSessionPage } from './queries';

/**
 * The console's 座談会 (docs/PRODUCT.md §7c): those ahead and those whose time has come, with
 * their seats, waiting list and attendance as counts, so that the seminar sees they fill and
 * are held. Who sits in one is on its own page (where an admin may also cancel it).
 */

export async function listAdminGroupSessions(
  db: Executor,
  query: AdminGroupSessionListQuery,
  now = new Date(),
): Promise<AdminGroupSessionPage> {
  return listSessionPage(db, query.tab ?? 'upcoming', query.cursor, now);
}

const texts = ja.adminGroupSessions;

const HEADER = [
  texts.time,
  texts.sessionTitle,
  texts.mentor,
  texts.format,
  texts.seats,
  texts.csv.seatsTaken,
  texts.waiting,
  texts.csv.attended,
  texts.csv.absent,
  texts.csv.unrecorded,
  texts.csv.cancelledAt,
  texts.csv.cancelledReason,
];

function toRow(session: AdminGroupSession): CsvCell[] {
  return [
    formatTokyoDateTime(session.startsAt),
    session.title,
    session.mentorName,
    texts.formats[session.meetingFormat],
    session.seats,
    session.seated,
    session.waiting,
    session.attended,
    session.absent,
    session.unrecorded,
    session.cancelledAt ? formatTokyoDateTime(session.cancelledAt) : null,
    session.cancelledReason,
  ];
}

/**
 * One tab as a spreadsheet, in the page's order, written as every console CSV is (lib/csv.ts:
 * BOM, CRLF, formulas made text) and audited with its tab and row count. Built whole: a
 * seminar's 座談会 are a few a month, not every row of a large table.
 */
export async function exportGroupSessions(
  db: Database,
  actor: SessionUser,
  query: AdminGroupSessionExportQuery,
  now = new Date(),
): Promise<Download> {
  const tab = query.tab ?? 'upcoming';
  return db.transaction(async (tx) => {
    const sessions = await listAllSessions(tx, tab, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.export.group-sessions',
      details: { tab, rows: sessions.length },
    });
    return {
      filename: `group-sessions-${tab}-${tokyoDateStamp(now)}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: toCsv(HEADER, sessions.map(toRow)),
    };
  });
}
