import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupSessionPlaces, groupSessions } from '../db/schema';
import { call, expectError } from '../test/factories/admins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';
import { HOUR_MS, newMentor, newStudent, type Party } from '../test/factories/visits';

/** 座談会 in calendars: one as .ics, in the private feed of its alumna and seated students, busy in her 予約枠. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const STARTS = new Date('2099-12-01T06:00:00.000Z'); // 15:00 in Japan

/** The text as a calendar reads it: folded lines joined again. */
function unfold(ics: string): string {
  return ics.replace(/\r\n[ \t]/g, '');
}

function eventOf(ics: string, uid: string): string | undefined {
  const event = ics
    .split('BEGIN:VEVENT')
    .slice(1)
    .find((part) => part.includes(`UID:${uid}@`));
  return event?.slice(0, event.indexOf('END:VEVENT'));
}

/** A 座談会 of `mentor`'s with one student seated and one waiting. */
async function held(state: Partial<typeof groupSessions.$inferInsert> = {}) {
  const mentor = await newMentor(t.app, { name: '佐藤, 美咲' });
  const [seated, waiting] = [await newStudent(t.app), await newStudent(t.app)];
  const [session] = await t.app.ctx.db
    .insert(groupSessions)
    .values({
      mentorId: mentor.id,
      title: '商社の仕事を話す座談会',
      startsAt: STARTS,
      endsAt: new Date(STARTS.getTime() + 1.5 * HOUR_MS),
      signUpClosesAt: new Date(STARTS.getTime() - 24 * HOUR_MS),
      meetingFormat: 'online',
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
      seats: 4,
      audienceKind: 'all',
      ...state,
    })
    .returning();
  await t.app.ctx.db.insert(groupSessionPlaces).values([
    { sessionId: session!.id, sessionSeats: 4, studentId: seated.id, state: 'seated', seatNo: 1 },
    { sessionId: session!.id, sessionSeats: 4, studentId: waiting.id, state: 'waiting', waitNo: 1 },
  ]);
  return { mentor, seated, waiting, id: session!.id };
}

function download(party: Party, id: string) {
  return call(t.app, party.cookie, 'GET', `/api/group-sessions/${id}/calendar.ics`);
}

async function feedsOf(party: Party) {
  const response = await call(t.app, party.cookie, 'GET', '/api/calendar/feed');
  const { url, slotsUrl } = response.json() as { url: string; slotsUrl: string | null };
  const read = async (feed: string) =>
    unfold((await t.app.inject({ method: 'GET', url: new URL(feed).pathname })).body);
  return { feed: await read(url), slots: slotsUrl ? await read(slotsUrl) : null };
}

const UID = (id: string) => `group-session-${id}`;

describe('one 座談会 as .ics', () => {
  it('masks contact details in its title for a student, as her page does', async () => {
    const { mentor, seated, id } = await held({ title: '質問は hanako@example.com へ' });
    const ics = unfold((await download(seated, id)).body);
    expect(ics).not.toContain('hanako@example.com');
    expect(ics).toMatch(/SUMMARY:座談会：質問は .*（佐藤\\, 美咲さん）/);
    expect(unfold((await download(mentor, id)).body)).toContain('hanako@example.com');
    expect((await feedsOf(seated)).feed).not.toContain('hanako@example.com');
  });

  it('downloads for its alumna and a seated student, in UTC, with how to join and the link back', async () => {
    const { mentor, seated, id } = await held();
    const response = await download(seated, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="og-group-session.ics"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const ics = unfold(response.body);
    expect(ics).toContain('DTSTART:20991201T060000Z');
    expect(ics).toContain('DTEND:20991201T073000Z');
    expect(ics).toContain(`UID:${UID(id)}@localhost:3000`);
    expect(ics).toContain('SUMMARY:座談会：商社の仕事を話す座談会（佐藤\\, 美咲さん）');
    expect(ics).toContain('LOCATION:https://meet.google.com/abc-defg-hij');
    expect(ics).toContain('\\n接続先: meet.google.com\\n');
    expect(ics).toContain(`${TEST_ORIGIN}/group-sessions/${id}`);
    // Who else comes is not the student's to know.
    expect(ics).not.toContain('参加予定');

    const host = unfold((await download(mentor, id)).body);
    expect(host).toContain('SUMMARY:座談会：商社の仕事を話す座談会');
    expect(host).toContain('参加予定 1 / 4名');
  });

  it('says the place of one in person', async () => {
    const { seated, id } = await held({
      meetingFormat: 'in_person',
      placeKind: 'university',
      meetingPlace: '本館3階 301教室',
      meetingUrl: null,
    });
    const ics = unfold((await download(seated, id)).body);
    expect(ics).toContain('LOCATION:本館3階 301教室');
    expect(ics).toContain('形式: 対面');
  });

  it('is not-found for one waiting, a stranger and another alumna; refused once cancelled', async () => {
    const { mentor, waiting, id } = await held();
    for (const party of [waiting, await newStudent(t.app), await newMentor(t.app)]) {
      expectError(await download(party, id), 404, 'not-found');
    }
    await t.app.ctx.db
      .update(groupSessions)
      .set({ cancelledAt: new Date(), cancelledReason: '体調不良のため' })
      .where(eq(groupSessions.id, id));
    expectError(await download(mentor, id), 409, 'group-session/cancelled');
  });
});

describe('the private feed and her 予約枠', () => {
  it('lists the 座談会 for its alumna and its seated students only, and shows its time busy in her slots', async () => {
    const { mentor, seated, waiting, id } = await held();
    const mentorFeeds = await feedsOf(mentor);
    const hosted = eventOf(mentorFeeds.feed, UID(id));
    expect(hosted).toContain('SUMMARY:座談会：商社の仕事を話す座談会');
    expect(hosted).toContain('STATUS:CONFIRMED');
    const busy = eventOf(mentorFeeds.slots!, `slot-${UID(id)}`);
    expect(busy).toContain('SUMMARY:座談会');
    expect(busy).toContain('TRANSP:OPAQUE');
    expect(busy).toContain('DTSTART:20991201T060000Z');
    expect(busy).toContain('DTEND:20991201T073000Z');
    // Free/busy only: no title there.
    expect(mentorFeeds.slots).not.toContain('商社の仕事');

    expect(eventOf((await feedsOf(seated)).feed, UID(id))).toContain(
      'SUMMARY:座談会：商社の仕事を話す座談会（佐藤\\, 美咲さん）',
    );
    expect((await feedsOf(waiting)).feed).not.toContain(id);
    expect((await feedsOf(await newStudent(t.app))).feed).not.toContain(id);
  });

  it('drops a cancelled one from every feed', async () => {
    const { mentor, seated, id } = await held();
    await t.app.ctx.db
      .update(groupSessions)
      .set({ cancelledAt: new Date(), cancelledReason: '体調不良のため' })
      .where(eq(groupSessions.id, id));
    const mentorFeeds = await feedsOf(mentor);
    expect(mentorFeeds.feed).not.toContain(id);
    expect(mentorFeeds.slots).not.toContain(id);
    expect((await feedsOf(seated)).feed).not.toContain(id);
  });

  it('drops a seat given up', async () => {
    const { seated, id } = await held();
    await t.app.ctx.db
      .update(groupSessionPlaces)
      .set({ state: 'left', seatNo: null })
      .where(eq(groupSessionPlaces.studentId, seated.id));
    expect((await feedsOf(seated)).feed).not.toContain(id);
  });
});
