import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mentors, students, users } from '../db/schema';
import { mentorSearchText } from '../mentors';

/**
 * The answer to the once-after-sign-in question: the reading goes on whichever profile the
 * person keeps (a student's or an alumnus's); null leaves the profile as it is.
 */
export async function answerNameReadingQuestion(
  db: Database,
  userId: string,
  nameReading: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Asked once: after an answer or 「あとで」 alike (the session's answer changes, and the
    // users trigger tells every process). The user's row first: a change to a user reaches
    // their profile (migration 0019), so every transaction takes users before mentors.
    await tx.update(users).set({ asksNameReading: false }).where(eq(users.id, userId));
    if (nameReading !== null) {
      await tx.update(students).set({ nameReading }).where(eq(students.userId, userId));
      const [mentor] = await tx.select().from(mentors).where(eq(mentors.userId, userId));
      if (mentor) {
        // The OG search finds her by the reading from now on.
        const searchText = mentorSearchText({ ...mentor, nameReading });
        await tx.update(mentors).set({ nameReading, searchText }).where(eq(mentors.userId, userId));
      }
    }
  });
}
