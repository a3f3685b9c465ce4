/**
 * The writes the bench measures, each request by another user, as on a busy evening: a visit
 * request, a message in a request's thread, a favourite set and cleared, a sign-in link asked
 * for. Every one is a whole write through the site's rules (limits, locks, mail queued), so the
 * people and their state are seeded to stay inside those rules for any run of the bench:
 * a visit request goes to an alumnus the student has not asked yet and each student sends at
 * most VISIT_REQUESTS_PER_DAY - 1 (one is their thread's), messages stay under
 * THREAD_MESSAGES_PER_HOUR per student, and a sign-in link is asked once per address and comes
 * from its own client address (the server trusts one proxy, so X-Forwarded-For names it).
 */
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { THREAD_MESSAGES_PER_HOUR, VISIT_REQUESTS_PER_DAY } from '../src/shared/constants';
import type { Database } from '../src/server/db/client';
import { mentors, students, visitRequests } from '../src/server/db/schema';
import { createSession } from '../src/server/credentials/sessions';
import type { WriteRequest } from './load';

/** Students who write; each has a session and one open request to "their" alumnus. */
const WRITERS = 2_000;

export interface WriteFixtures {
  cookies: string[];
  /** writer i's open request (to alumnus i), where their messages go. */
  threadIds: string[];
  mentorUrlParams: string[];
  signInEmails: string[];
}

function tokyoSlot(daysAhead: number): string {
  const tokyo = new Date(Date.now() + 9 * 3_600_000 + daysAhead * 86_400_000);
  return `${tokyo.toISOString().slice(0, 10)}T10:00`;
}

/** Seeds what the writes need and returns who writes (students' cookies in the bench's name). */
export async function seedWriters(db: Database, cookieName: string): Promise<WriteFixtures> {
  const mentorRows = await db
    .select({ id: mentors.userId, urlParam: mentors.urlParam })
    .from(mentors)
    .orderBy(asc(mentors.urlParam));
  // Each writer's thread alumnus is their own, and their visit requests go to the next ones.
  const writerCount = Math.min(WRITERS, mentorRows.length - VISIT_REQUESTS_PER_DAY);
  const writerRows = await db
    .select({ id: students.userId, email: students.email })
    .from(students)
    .orderBy(asc(students.email))
    .limit(writerCount);
  const cookies: string[] = [];
  for (const writer of writerRows) {
    cookies.push(`${cookieName}=${await createSession(db, writer.id)}`);
  }
  const threads = await db
    .insert(visitRequests)
    .values(
      writerRows.map((writer, i) => ({
        studentId: writer.id,
        mentorId: mentorRows[i]!.id,
        purpose: 'industry_research' as const,
        message: '業界についてお話を伺えませんか。',
        preferredSlots: [new Date(Date.now() + 5 * 86_400_000)],
        meetingFormat: 'online' as const,
      })),
    )
    .returning({ id: visitRequests.id, studentId: visitRequests.studentId });
  const threadOf = new Map(threads.map((row) => [row.studentId, row.id]));
  const signInRows = await db
    .select({ email: students.email })
    .from(students)
    .orderBy(asc(students.email))
    .offset(writerCount);
  return {
    cookies,
    threadIds: writerRows.map((writer) => threadOf.get(writer.id)!),
    mentorUrlParams: mentorRows.map((row) => row.urlParam),
    signInEmails: signInRows.map((row) => row.email),
  };
}

/** The requests of each write, the k-th of a run: a different user each time. */
export function writeRequests(
  fixtures: WriteFixtures,
): Record<string, (k: number) => WriteRequest> {
  const { cookies, threadIds, mentorUrlParams, signInEmails } = fixtures;
  const writers = cookies.length;
  const json = (cookie: string | undefined, body: unknown) => ({
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const slots = [tokyoSlot(7), tokyoSlot(8)];
  return {
    'visit request': (k) => {
      const writer = k % writers;
      const round = Math.floor(k / writers) % (VISIT_REQUESTS_PER_DAY - 1);
      // Never the writer's own thread alumnus (index `writer`), never the same one twice.
      const mentor = mentorUrlParams[(writer + 1 + round) % mentorUrlParams.length]!;
      return {
        method: 'POST',
        path: '/api/visit-requests',
        ...json(cookies[writer], {
          mentorUrlParam: mentor,
          purpose: 'career_advice',
          message: 'お仕事についてお話を伺いたいです。',
          preferredSlots: slots,
          meetingFormat: 'online',
          safetyRulesConfirmed: true,
        }),
      };
    },
    'thread message': (k) => {
      const writer = k % writers;
      return {
        method: 'POST',
        path: `/api/visit-requests/${threadIds[writer]}/messages`,
        ...json(cookies[writer], { body: 'よろしくお願いいたします。', clientId: randomUUID() }),
      };
    },
    'favourite set / cleared': (k) => {
      const writer = k % writers;
      const set = Math.floor(k / writers) % 2 === 0;
      return {
        method: set ? 'PUT' : 'DELETE',
        path: `/api/favourites/${encodeURIComponent(mentorUrlParams[writer]!)}`,
        headers: { cookie: cookies[writer]! },
      };
    },
    'sign-in link': (k) => ({
      method: 'POST',
      path: '/api/auth/login-link',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
      },
      body: JSON.stringify({ email: signInEmails[k % signInEmails.length] }),
    }),
  };
}

/** How many writes a run can make before the seeded people reach a limit. */
export function writeCapacity(fixtures: WriteFixtures): Record<string, number> {
  const writers = fixtures.cookies.length;
  return {
    'visit request': writers * (VISIT_REQUESTS_PER_DAY - 1),
    'thread message': writers * THREAD_MESSAGES_PER_HOUR,
    'favourite set / cleared': Number.POSITIVE_INFINITY,
    // One mail per address while its link lives; asked again, the same answer without a mail.
    'sign-in link': fixtures.signInEmails.length,
  };
}
