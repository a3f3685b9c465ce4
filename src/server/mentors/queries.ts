import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MentorCard, MentorProfile } from '../../shared/schemas/mentors';
import type { Executor } from '../db/client';
import { mentors, users } from '../db/schema';
import { iconUrl } from '../storage/icons';

type MentorRow = typeof mentors.$inferSelect;

function toCard(row: MentorRow): MentorCard {
  return {
    urlParam: row.urlParam,
    name: row.name,
    universityName: row.universityName,
    graduationYear: row.graduationYear,
    industry: row.industry,
    company: row.company,
    message: row.message,
    iconUrl: row.iconId ? iconUrl(row.iconId) : null,
  };
}

/**
 * The OG list: profiles of verified mentors (and admins who keep one), newest first. Contact
 * addresses are never part of a list answer.
 */
export async function listMentorCards(db: Executor): Promise<MentorCard[]> {
  const rows = await db
    .select({ mentor: mentors })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .where(and(inArray(users.role, ['mentor', 'admin']), eq(users.emailVerified, true)))
    .orderBy(desc(mentors.createdAt));
  return rows.map((row) => toCard(row.mentor));
}

export async function findOwnMentorProfile(
  db: Executor,
  userId: string,
): Promise<MentorProfile | undefined> {
  const [row] = await db.select().from(mentors).where(eq(mentors.userId, userId)).limit(1);
  if (!row) return undefined;
  return { ...toCard(row), universityId: row.universityId, contactEmail: row.contactEmail };
}
