import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mentors, students, users } from '../db/schema';

/**
 * The name a mail to this account opens with: the account's own profile name,
 * student or alumni, or null when it has none yet. Only a name the person gave about
 * themselves is used, never one typed by someone else (a registration not yet confirmed).
 */
export async function addresseeOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string | null>`coalesce(${students.name}, ${mentors.name})` })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(mentors, eq(mentors.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? null;
}
