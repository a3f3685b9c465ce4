/**
 * The people of the busiest hour, seeded before the server starts (PGlite's data directory is
 * the server's alone while it runs): students each with her own session and one request of hers
 * whose thread she writes in, and alumnae who publish 予約枠 with 自動で承諾, whose slots the
 * students book.
 *
 * Seeded so that no rule refuses what the evening asks: the students are the last ones by
 * address, whom the other writes of the bench (bench/writes.ts) do not touch, so each has her
 * whole VISIT_REQUESTS_PER_DAY; her thread's alumna takes no booking (one open request per pair);
 * bookings are agreed at once, so they do not count against the waiting-requests limit (her
 * thread's request is the one that waits); the booking alumnae have no monthly limit.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { mentorAvailability, mentors, students, visitRequests } from '../src/server/db/schema';
import { createSession } from '../src/server/credentials/sessions';
import { refreshNextSlots } from '../src/server/booking';

export interface EveningFixtures {
  /** Student i's cookie header, her own session. */
  cookies: string[];
  /** Student i's request, where her thread messages go. */
  threadIds: string[];
  /** Alumnae who publish slots; student i's thread alumna is not among them. */
  bookingUrlParams: string[];
  /** Alumnae to set and clear as favourites and to open the pages of (the whole list). */
  mentorUrlParams: string[];
}

const BATCH = 500;

/** Every day 09:00–18:00 Japan time, online: six one-hour slots a day with the buffer. */
function windowsOf(mentorId: string) {
  return Array.from({ length: 7 }, (_, weekday) => ({
    mentorId,
    kind: 'weekly' as const,
    weekday,
    startMinute: 9 * 60,
    endMinute: 18 * 60,
    meetingFormat: 'online' as const,
  }));
}

export async function seedEvening(
  db: Database,
  options: { students: number; bookingAlumnae: number; cookieName: string },
): Promise<EveningFixtures> {
  const mentorRows = await db
    .select({ id: mentors.userId, urlParam: mentors.urlParam })
    .from(mentors)
    .orderBy(asc(mentors.urlParam));
  // The booking alumnae from the end of the list, the thread alumnae from its start.
  const booking = mentorRows.slice(-options.bookingAlumnae);
  const threadAlumnae = mentorRows.slice(0, mentorRows.length - options.bookingAlumnae);
  if (threadAlumnae.length === 0) throw new Error('bench: too few alumni for the busiest hour');

  const now = new Date();
  const bookingIds = booking.map((row) => row.id);
  for (let start = 0; start < bookingIds.length; start += BATCH) {
    const ids = bookingIds.slice(start, start + BATCH);
    await db
      .update(mentors)
      .set({
        bookingEnabled: true,
        autoAccept: true,
        bookingRulesConfirmedAt: now,
        bookingOnHolidays: true,
        acceptingRequests: true,
        monthlyRequestLimit: null,
      })
      .where(inArray(mentors.userId, ids));
    await db.insert(mentorAvailability).values(ids.flatMap(windowsOf));
    // The list's earliest slot, as saving the settings in the site would leave it.
    await refreshNextSlots(db, ids, now);
  }

  const studentRows = await db
    .select({ id: students.userId })
    .from(students)
    .orderBy(desc(students.email))
    .limit(options.students);
  const cookies: string[] = [];
  for (const student of studentRows) {
    cookies.push(`${options.cookieName}=${await createSession(db, student.id)}`);
  }
  const threadIds: string[] = [];
  for (let start = 0; start < studentRows.length; start += BATCH) {
    const rows = await db
      .insert(visitRequests)
      .values(
        studentRows.slice(start, start + BATCH).map((student, k) => ({
          studentId: student.id,
          mentorId: threadAlumnae[(start + k) % threadAlumnae.length]!.id,
          purpose: 'industry_research' as const,
          message: '業界についてお話を伺えませんか。',
          preferredSlots: [new Date(now.getTime() + 5 * 86_400_000)],
          meetingFormat: 'online' as const,
        })),
      )
      .returning({ id: visitRequests.id });
    threadIds.push(...rows.map((row) => row.id));
  }
  await assertBookable(db, bookingIds);
  return {
    cookies,
    threadIds,
    bookingUrlParams: booking.map((row) => row.urlParam),
    mentorUrlParams: mentorRows.map((row) => row.urlParam),
  };
}

/** A booking alumna shows a slot on the list: the windows took. */
async function assertBookable(db: Database, ids: string[]) {
  const [row] = await db
    .select({ nextSlotAt: mentors.nextSlotAt })
    .from(mentors)
    .where(eq(mentors.userId, ids[0]!));
  if (!row?.nextSlotAt) throw new Error('bench: the booking alumnae have no open slot');
}
