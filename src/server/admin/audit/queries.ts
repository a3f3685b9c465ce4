import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AuditEntry,
  type AuditLogPage,
  type AuditLogQuery,
} from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import { containing, cursorTimeOf, olderThanCursor, toPage } from '../../db/paging';
import { auditLog, invitations, mentors, students, universities, users } from '../../db/schema';

/** A person in words: the profile name, else the address (admins without a profile). */
const personName = (userId: SQL) =>
  sql<
    string | null
  >`(select coalesce(${students.name}, ${mentors.name}, ${users.email}) from ${users} left join ${students} on ${students.userId} = ${users.id} left join ${mentors} on ${mentors.userId} = ${users.id} where ${users.id}::text = ${userId})`;

/**
 * The audit log names what it speaks of. Target ids are text (they name rows of
 * several tables), so each kind is looked up by its own table.
 */
const targetName = sql<string | null>`case ${auditLog.targetType}
  when 'user' then ${personName(sql`${auditLog.targetId}`)}
  when 'student' then ${personName(sql`${auditLog.targetId}`)}
  when 'mentor' then ${personName(sql`${auditLog.targetId}`)}
  when 'university' then (select ${universities.name} from ${universities} where ${universities.id} = ${auditLog.targetId})
  when 'invitation' then (select ${invitations.email} from ${invitations} where ${invitations.id}::text = ${auditLog.targetId})
  else null end`;

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
        actorName: personName(sql`${auditLog.actorId}::text`),
        targetName,
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
    entries: page.items.map(({ entry, actorEmail, actorName, targetName }): AuditEntry => ({
      id: entry.id,
      // The actor's row is gone after a withdrawal (actorId set null with it).
      actor:
        entry.actorId !== null && actorEmail !== null
          ? {
              id: entry.actorId,
              email: actorEmail,
              name: actorName === actorEmail ? null : actorName,
            }
          : null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetName,
      details: entry.details,
      createdAt: entry.createdAt,
    })),
    nextCursor: page.nextCursor,
    actions: actions.map((row) => row.action),
  };
}
