import { eq, sql } from 'drizzle-orm';
import { writtenLanguage } from '../../shared/constants';
import type { Executor } from '../db/client';
import { mentors, students, users } from '../db/schema';
import type { Addressee } from './templates';

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
 * Who a mail to this account is to, as its words need it (mail/templates.ts): the name it opens
 * with (addresseeOf) and the language its owner chose (decision 0041).
 */
export async function mailAddresseeOf(db: Executor, userId: string): Promise<Addressee> {
  const [row] = await accountWithName(db, userId, { language: users.language });
  return { name: row?.name ?? null, language: writtenLanguage(row?.language) };
}

/**
 * What a mail to this account needs, read at once: its address, the name it opens with
 * (addresseeOf), its language, the events its owner chose not to be mailed about and whether an
 * admin suspended it.
 */
export async function recipientOf(db: Executor, userId: string) {
  const [row] = await accountWithName(db, userId, {
    email: users.email,
    language: users.language,
    mailOptOut: users.mailOptOut,
    suspendedAt: users.suspendedAt,
  });
  return row;
}

function accountWithName<
  Columns extends {
    email?: typeof users.email;
    language?: typeof users.language;
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
