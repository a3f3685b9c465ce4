import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Language } from '../../shared/constants';
import type { Database } from '../db/client';
import { users } from '../db/schema';

/**
 * The interface language chosen while signed in, kept with the account: mails and pushes to
 * the person are written in it (decision 0041), and a browser with no choice of its own takes
 * it. The same choice again writes nothing (the users trigger tells every process of a change).
 */
export async function chooseLanguage(
  db: Database,
  userId: string,
  language: Language,
): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), or(isNull(users.language), ne(users.language, language))));
}
