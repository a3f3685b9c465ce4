import { and, asc, desc, eq, ilike, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AuditEntry,
  type AuditLogPage,
  type AuditLogQuery,
} from '../../shared/schemas/admin';
import type { Executor } from '../db/client';
import { containing, cursorTimeOf, olderThanCursor, toPage } from '../db/paging';
import { auditLog, users } from '../db/schema';

function filterConditions(query: AuditLogQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(ilike(users.email, containing(query.actor)));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  const older = olderThanCursor(auditLog.createdAt, auditLog.id, query.cursor);
  if (older) conditions.push(older);
  return conditions;
}

/** One page of the audit log, newest first, with the action names the filter offers. */
export async function listAuditEntries(db: Executor, query: AuditLogQuery): Promise<AuditLogPage> {
  const [rows, actions] = await Promise.all([
    db
      .select({
        entry: auditLog,
        cursorTime: cursorTimeOf(auditLog.createdAt),
        actorEmail: users.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(...filterConditions(query)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE + 1),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => ({ time: row.cursorTime, id: row.entry.id }));
  return {
    entries: page.items.map(({ entry, actorEmail }): AuditEntry => ({
      id: entry.id,
      // The actor's row is gone after a withdrawal (actorId set null with it).
      actor:
        entry.actorId !== null && actorEmail !== null
          ? { id: entry.actorId, email: actorEmail }
          : null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details,
      createdAt: entry.createdAt,
    })),
    nextCursor: page.nextCursor,
    actions: actions.map((row) => row.action),
  };
}
