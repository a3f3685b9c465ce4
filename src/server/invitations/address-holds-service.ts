import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth';
import type { Database, Executor, Transaction } from '../db/client';
import { registrationHolds, userReports, users } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../lib/audit';
import { findParty } from '../lib/party';

/**
 * An account that goes (withdrawal or an admin's deletion) while suspended, or while
 * a report against it is open, leaves its address held: nobody registers with it again, as a
 * student or an alumna, until an admin clears the hold. Called before the user row goes.
 */
export async function holdAddressOnRemoval(tx: Transaction, userId: string): Promise<void> {
  const [user] = await tx
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const [open] = await tx
    .select({ n: count() })
    .from(userReports)
    .where(and(eq(userReports.reportedId, userId), eq(userReports.status, 'open')));
  const reason = user.suspendedAt ? 'suspension' : (open?.n ?? 0) > 0 ? 'report' : null;
  if (!reason) return;
  const party = await findParty(tx, userId);
  if (!party) return;
  await tx
    .insert(registrationHolds)
    .values({ email: party.email.toLowerCase(), reason, label: party.label });
}

/** The holds for the admins: uncleared first, then the newest. */
export async function listRegistrationHolds(db: Executor) {
  const clearer = users;
  const rows = await db
    .select({
      id: registrationHolds.id,
      email: registrationHolds.email,
      reason: registrationHolds.reason,
      label: registrationHolds.label,
      createdAt: registrationHolds.createdAt,
      clearedAt: registrationHolds.clearedAt,
      clearedByEmail: clearer.email,
    })
    .from(registrationHolds)
    .leftJoin(clearer, eq(clearer.id, registrationHolds.clearedBy))
    .orderBy(sql`${registrationHolds.clearedAt} is not null`, desc(registrationHolds.createdAt))
    .limit(200);
  return rows;
}

/** An admin lets the address register again; audited. Clearing twice changes nothing. */
export async function clearRegistrationHold(
  db: Database,
  actor: SessionUser,
  holdId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [hold] = await tx
      .select({ clearedAt: registrationHolds.clearedAt })
      .from(registrationHolds)
      .where(eq(registrationHolds.id, holdId))
      .for('update');
    if (!hold) throw new AppError('not-found');
    if (hold.clearedAt) return;
    await tx
      .update(registrationHolds)
      .set({ clearedAt: new Date(), clearedBy: actor.id })
      .where(eq(registrationHolds.id, holdId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'admin.hold.clear',
      targetType: 'hold',
      targetId: holdId,
    });
  });
}
