import { eq } from 'drizzle-orm';
import { jaSafety } from '../../shared/messages/ja/safety';
import type { Executor } from '../db/client';
import { mentors, students, users } from '../db/schema';

/**
 * A person as reports and block lists name them: 「佐藤 美咲（OG）」. An account with no
 * profile (an admin) is named by its role, never by its address.
 */
export function partyLabel(profile: {
  mentorName: string | null;
  studentName: string | null;
}): string {
  const { label, mentor, student, noProfile } = jaSafety.party;
  if (profile.mentorName !== null) {
    return label.replace('{{name}}', profile.mentorName).replace('{{role}}', mentor);
  }
  if (profile.studentName !== null) {
    return label.replace('{{name}}', profile.studentName).replace('{{role}}', student);
  }
  return noProfile;
}

/** The columns partyLabel needs, for a query that joins both profiles on the user. */
export function partyColumns() {
  return { mentorName: mentors.name, studentName: students.name };
}

/** The user as a record keeps them (a report, an address hold): id, address and label. */
export async function findParty(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, ...partyColumns() })
    .from(users)
    .leftJoin(mentors, eq(mentors.userId, users.id))
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row && { id: row.id, email: row.email, label: partyLabel(row) };
}
