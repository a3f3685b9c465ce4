import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mentors, students, users } from '../db/schema';

/**
 * The name a mail to this account opens with: the account's own profile name,
 * student or alumni, or null when it has none yet. Only a name the person gave about
 * themselves is used, never one typed by someone else (a registration not yet confirmed).
 */
export async function addresseeOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await accountWithName(db, userId, {});
  return row?.name ?? null;
}

/**
 * What a mail to this account needs, read at once: its address, the name it opens with
 * (addresseeOf), the events its owner chose not to be mailed about and whether an admin
 * suspended it.
 */
export async function recipientOf(db: Executor, userId: string) {
  const [row] = await accountWithName(db, userId, {
    email: users.email,
    mailOptOut: users.mailOptOut,
    suspendedAt: users.suspendedAt,
  });
  return row;
}

function accountWithName<
  Columns extends {
    email?: typeof users.email;
    mailOptOut?: typeof users.mailOptOut;
    suspendedAt?: typeof users.suspendedAt;
  },
>(db: Executor, userId: string, columns: Columns) {
  return db
    .select({ ...columns, name: sql<string | null>`coalesce(${students.name}, ${mentors.name})` })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(mentors, eq(mentors.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
}
