import { and, gt, not, or, sql, type SQL } from 'drizzle-orm';
import type { MentorTopic } from '../../shared/constants';
import type { GroupSessionCard } from '../../shared/schemas/group-sessions';
import { industryCategoryOf } from '../../shared/taxonomy';
import type { Executor } from '../db/client';
import { groupSessions } from '../db/schema';
import { eitherBlocked } from '../visits';
import { holdsPlace, soonestFirst, upcoming, sessionsWithMentor } from './queries';
import { cardOf, narrowedBy, visibleTo } from './service';

/** At most this many 座談会 in her 「おすすめ」. */
export const SUGGESTED_GROUP_SESSIONS = 2;

/** What the student told the site that a 座談会 may fit: her 志望業界 and the topics she asked. */
export interface GroupSessionSeeker {
  desiredIndustry: string | null;
  askedTopics: readonly MentorTopic[];
}

/**
 * 「あなたに合いそうな座談会」 (issue 58 point 1): up to two upcoming 座談会 she may join now (in
 * its audience, sign-up open, no place of hers yet, no block either way), soonest first, whose
 * alumna's industry is of her 志望業界's category or whose topics include one she asked about
 * on a request. One statement; none when she has told neither.
 */
export async function suggestedGroupSessions(
  db: Executor,
  studentId: string,
  seeker: GroupSessionSeeker,
  now = new Date(),
): Promise<GroupSessionCard[]> {
  const fits: SQL[] = [];
  if (seeker.desiredIndustry) {
    fits.push(...narrowedBy({ industry: industryCategoryOf(seeker.desiredIndustry), page: 1 }));
  }
  if (seeker.askedTopics.length > 0) {
    const asked = sql.join(
      seeker.askedTopics.map((topic) => sql`${topic}`),
      sql`, `,
    );
    fits.push(sql`${groupSessions.topics} && array[${asked}]::text[]`);
  }
  if (fits.length === 0) return [];
  const reader = { id: studentId, role: 'student' as const };
  const rows = await sessionsWithMentor(db, studentId, now)
    .where(
      and(
        upcoming(now),
        gt(groupSessions.signUpClosesAt, now),
        visibleTo(reader),
        not(holdsPlace(studentId)),
        not(eitherBlocked(groupSessions.mentorId, studentId)),
        or(...fits),
      ),
    )
    .orderBy(...soonestFirst)
    .limit(SUGGESTED_GROUP_SESSIONS);
  // The no-show stop of visits stops her joining any: then none is suggested.
  return rows.map((row) => cardOf(row, reader, now)).filter((card) => card.canJoin);
}
