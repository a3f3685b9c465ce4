import { and, eq, sql } from 'drizzle-orm';
import type { JobType, MentorTopic } from '../../shared/constants';
import type { Database } from '../db/client';
import { listed } from '../db/listed';
import { instantSql } from '../db/prepared';
import { favourites, mentors, noteReads, students, userBlocks, visitRequests } from '../db/schema';
import { requestsCountingSince, takesRequests } from '../booking';
import { waitsForMentor } from '../visits';
import type { Candidate } from './score';

/** What the student told the site, as stored: read in one statement. */
export interface SeekerRow {
  desiredIndustry: string | null;
  desiredJobType: string | null;
  universityId: string | null;
  faculty: string;
  askedTopics: MentorTopic[];
  savedMentorIds: string[];
  readNoteMentorIds: string[];
}

/**
 * Her profile's 志望業界, 志望職種, university and 学部, the 相談できること she ticked on any of her
 * requests, the alumnae she saved (favourites) and those whose 訪問記録 she opened (note_reads),
 * listed or not: the candidates decide who is.
 */
export async function findSeekerRow(
  db: Database,
  studentId: string,
): Promise<SeekerRow | undefined> {
  const [row] = await db
    .select({
      desiredIndustry: students.desiredIndustry,
      desiredJobType: students.desiredJobType,
      universityId: students.universityId,
      faculty: students.faculty,
      askedTopics: sql<
        MentorTopic[] | null
      >`(select array_agg(distinct topic) from ${visitRequests}, unnest(${visitRequests.agendaTopics}) as topic where ${visitRequests.studentId} = ${students.userId})`,
      savedMentorIds: sql<
        string[] | null
      >`(select array_agg(${favourites.mentorId}::text) from ${favourites} where ${favourites.studentId} = ${students.userId})`,
      readNoteMentorIds: sql<
        string[] | null
      >`(select array_agg(${noteReads.mentorId}::text) from ${noteReads} where ${noteReads.studentId} = ${students.userId})`,
    })
    .from(students)
    .where(eq(students.userId, studentId))
    .limit(1);
  if (!row) return undefined;
  return {
    ...row,
    askedTopics: row.askedTopics ?? [],
    savedMentorIds: row.savedMentorIds ?? [],
    readNoteMentorIds: row.readNoteMentorIds ?? [],
  };
}

/** A candidate with what the card needs to be found again (urlParam, for mentorCardsOf). */
export interface CandidateRow extends Candidate {
  urlParam: string;
}

/** Requests older than this do not speak for how fast she answers now. */
const ANSWER_WINDOW_DAYS = 180;

/**
 * Every alumna who may be recommended to the student, with her load, in one statement:
 * listed (the OG list's rule: never one the list hides), taking new requests now (booking's one
 * rule, takesRequests: neither paused nor at her monthly limit), and no block between the two
 * either way (she takes no request from one she blocked; one the student blocked is not
 * pressed on her). Her load is aggregated in SQL, in one look-up of her requests through
 * visit_requests_mentor_idx: waiting for her answer now, her median hours to a first answer
 * over the last half year, her last request; her count this month is the booking code's own.
 * In a fixed order (by id), so the ranking's ties are the same each time.
 */
export async function findCandidateRows(
  db: Database,
  studentId: string,
  now: Date,
  monthStart: Date,
): Promise<CandidateRow[]> {
  const answeredSince = new Date(now.getTime() - ANSWER_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  // Waiting for her answer: the visits feature's one rule (waitsForMentor), as her inbox's badge
  // and a student's limit of requests waiting read it.
  const load = sql<string>`(select json_build_object(
      'unanswered', count(*) filter (where ${waitsForMentor()}),
      'answerHours', percentile_cont(0.5) within group (order by extract(epoch from ${visitRequests.respondedAt} - ${visitRequests.createdAt}) / 3600) filter (where ${visitRequests.respondedAt} is not null and ${visitRequests.createdAt} >= ${instantSql(answeredSince)}),
      'lastAskedAt', max(${visitRequests.createdAt})
    )::text from ${visitRequests} where ${visitRequests.mentorId} = ${mentors.userId})`;
  const rows = await db
    .select({
      id: mentors.userId,
      urlParam: mentors.urlParam,
      industry: mentors.industry,
      jobType: mentors.jobType,
      topics: mentors.topics,
      joinedYear: mentors.joinedYear,
      universityId: mentors.universityId,
      faculty: mentors.faculty,
      monthlyLimit: mentors.monthlyRequestLimit,
      thisMonth: requestsCountingSince(mentors.userId, monthStart),
      hasSlots: sql<boolean>`coalesce(${mentors.nextSlotAt} > ${instantSql(now)}, false)`,
      load,
    })
    .from(mentors)
    .where(
      and(
        listed,
        takesRequests(monthStart),
        sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${studentId} and ${userBlocks.blockedId} = ${mentors.userId}) or (${userBlocks.blockerId} = ${mentors.userId} and ${userBlocks.blockedId} = ${studentId}))`,
      ),
    )
    .orderBy(mentors.userId);
  return rows.map((row) => {
    const read = JSON.parse(row.load) as {
      unanswered: number;
      answerHours: number | null;
      lastAskedAt: string | null;
    };
    return {
      id: row.id,
      urlParam: row.urlParam,
      industry: row.industry,
      jobType: row.jobType as JobType | null,
      topics: row.topics,
      joinedYear: row.joinedYear,
      universityId: row.universityId,
      faculty: row.faculty,
      load: {
        // takesRequests left out every paused alumna and every one at her limit.
        paused: false,
        monthlyLimit: row.monthlyLimit,
        thisMonth: row.thisMonth,
        unanswered: read.unanswered,
        hasSlots: row.hasSlots,
        answerHours: read.answerHours,
        daysSinceAsked:
          read.lastAskedAt === null
            ? null
            : Math.floor((now.getTime() - new Date(read.lastAskedAt).getTime()) / DAY_MS),
      },
    };
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
