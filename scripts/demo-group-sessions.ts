import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { groupSessionPlaces, groupSessions, users } from '../src/server/db/schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A 座談会 held yesterday evening (issue 58), so that the demo and its journey show what comes
 * after one: og16's, in person at a public place, with student15 and student16 seated and no
 * attendance recorded yet (e2e/group-sessions.spec.ts: she records it, student15 answers
 * 「無事に終わりましたか」 and writes her 訪問記録). Neither student nor og16 is in another journey.
 * Skipped when og16 has a 座談会 already: run twice, it adds nothing.
 */
export async function seedDemoGroupSessions(db: Database) {
  const [host] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'og16@demo.example.jp'));
  if (!host) return;
  const [existing] = await db
    .select({ id: groupSessions.id })
    .from(groupSessions)
    .where(eq(groupSessions.mentorId, host.id));
  if (existing) return;

  // Yesterday 19:00–20:00 Japan time: within the meeting hours, past its 「無事に終わりましたか」.
  const tokyoYesterday = new Date(Date.now() + 9 * HOUR_MS - DAY_MS).toISOString().slice(0, 10);
  const startsAt = new Date(`${tokyoYesterday}T19:00:00+09:00`);
  const seats = 4;
  const [session] = await db
    .insert(groupSessions)
    .values({
      mentorId: host.id,
      title: '若手社員と話す、仕事選びの座談会',
      description: '入社の決め手や一年目の働き方について、少人数で気軽にお話しします。',
      topics: ['working_life', 'career_advice'],
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR_MS),
      signUpClosesAt: new Date(startsAt.getTime() - DAY_MS),
      meetingFormat: 'in_person',
      placeKind: 'public',
      meetingPlace: '新宿駅南口近くの貸し会議室',
      seats,
      audienceKind: 'all',
      createdBy: host.id,
      createdAt: new Date(startsAt.getTime() - 10 * DAY_MS),
    })
    .returning({ id: groupSessions.id });
  const seated = ['student15@', 'student16@'];
  for (const [index, prefix] of seated.entries()) {
    const [student] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(like(users.email, `${prefix}%`), eq(users.role, 'student')));
    if (!student) continue;
    await db.insert(groupSessionPlaces).values({
      sessionId: session!.id,
      sessionSeats: seats,
      studentId: student.id,
      state: 'seated',
      seatNo: index + 1,
      changedAt: new Date(startsAt.getTime() - (5 - index) * DAY_MS),
    });
  }
}
