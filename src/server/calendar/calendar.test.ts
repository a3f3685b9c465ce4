import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, visitRequests } from '../db/schema';
import { call, expectError } from '../test/factories/admins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';
import type { BookingSettingsInput, OpenSlot } from '../../shared/schemas/booking';
import {
  DAY_MS,
  insertRequest,
  newMentor,
  newStudent,
  type MentorParty,
  type Party,
  slotsSeenBy,
} from '../test/factories/visits';

/** Agreed visits as an .ics download and as each user's private feed. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MEETING = new Date('2099-12-01T06:00:00.000Z'); // 15:00 in Japan

async function agreed(state: Parameters<typeof insertRequest>[3] = {}) {
  const student = await newStudent(t.app, '山田 太郎');
  const mentor = await newMentor(t.app, { name: '佐藤, 美咲' });
  const request = await insertRequest(t.app, student.id, mentor.id, {
    status: 'accepted',
    meetingAt: MEETING,
    meetingUrl: 'https://meet.example.com/abc;def',
    ...state,
  });
  return { student, mentor, id: request.id };
}

/** The text as a calendar reads it: folded lines joined again. */
function unfold(ics: string): string {
  return ics.replace(/\r\n[ \t]/g, '');
}

/** The VEVENT whose UID starts with `uid`, as text (fails the test when there is none). */
function eventOf(ics: string, uid: string): string {
  const event = ics
    .split('BEGIN:VEVENT')
    .slice(1)
    .find((part) => part.includes(`UID:${uid}@`));
  expect(event, `no event ${uid}`).toBeDefined();
  return event!.slice(0, event!.indexOf('END:VEVENT'));
}

function eventsOf(ics: string): string[] {
  return ics
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((part) => part.slice(0, part.indexOf('END:VEVENT')));
}

describe('one visit as .ics', () => {
  it('downloads for either side, in UTC, named for the other side, with the link back', async () => {
    const { student, mentor, id } = await agreed();
    const response = await call(
      t.app,
      student.cookie,
      'GET',
      `/api/visit-requests/${id}/calendar.ics`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment');
    const ics = unfold(response.body);
    expect(ics).toContain('DTSTART:20991201T060000Z');
    expect(ics).toContain('DTEND:20991201T070000Z');
    expect(ics).toContain(`UID:${id}@localhost:3000`);
    // RFC 5545 escaping of the name's comma and the URL's semicolon.
    expect(ics).toContain('SUMMARY:OG訪問：佐藤\\, 美咲さん');
    expect(ics).toContain('LOCATION:https://meet.example.com/abc\\;def');
    // The host the link opens, named as on the page.
    expect(ics).toContain('\\n接続先: meet.example.com\\n');
    expect(ics).toContain(`${TEST_ORIGIN}/visit-requests/${id}`);
    // Lines are folded at 75 octets.
    for (const line of response.body.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    const mentorView = unfold(
      (await call(t.app, mentor.cookie, 'GET', `/api/visit-requests/${id}/calendar.ics`)).body,
    );
    expect(mentorView).toContain('SUMMARY:OG訪問：山田 太郎さん');
  });

  it('ends a booked visit with its slot, not an hour after its start', async () => {
    const { student, id } = await agreed({
      bookedFrom: MEETING,
      bookedUntil: new Date(MEETING.getTime() + 45 * 60_000),
    });
    const ics = unfold(
      (await call(t.app, student.cookie, 'GET', `/api/visit-requests/${id}/calendar.ics`)).body,
    );
    expect(ics).toContain('DTSTART:20991201T060000Z');
    expect(ics).toContain('DTEND:20991201T064500Z');
    expect(ics).toContain('STATUS:CONFIRMED');
  });

  it('carries no URL the page would not link (one kept from before its host was checked)', async () => {
    const { student, id } = await agreed({
      meetingUrl: 'https://accounts.google.com@evil.example/',
    });
    const ics = unfold(
      (await call(t.app, student.cookie, 'GET', `/api/visit-requests/${id}/calendar.ics`)).body,
    );
    expect(ics).toContain('LOCATION:オンライン');
    expect(ics).not.toContain('evil.example');
  });

  it('is not-found for anyone else, and refused while not agreed', async () => {
    const { id } = await agreed();
    const stranger = await newStudent(t.app);
    expectError(
      await call(t.app, stranger.cookie, 'GET', `/api/visit-requests/${id}/calendar.ics`),
      404,
      'not-found',
    );
    const waiting = await agreed({ status: 'pending', meetingAt: null });
    expectError(
      await call(
        t.app,
        waiting.student.cookie,
        'GET',
        `/api/visit-requests/${waiting.id}/calendar.ics`,
      ),
      409,
      'visit/not-open',
    );
  });
});

async function feedUrlsOf(cookie: string): Promise<{ url: string; slotsUrl: string | null }> {
  const response = await call(t.app, cookie, 'GET', '/api/calendar/feed');
  expect(response.statusCode).toBe(200);
  return response.json() as { url: string; slotsUrl: string | null };
}

async function feedOf(cookie: string): Promise<string> {
  return (await feedUrlsOf(cookie)).url;
}

function fetchFeed(url: string) {
  return t.app.inject({ method: 'GET', url: new URL(url).pathname });
}

describe('the private feed', () => {
  it('lists the owner’s agreed visits ahead (and of the last 30 days), without a session', async () => {
    const { student, mentor, id } = await agreed();
    const past = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: new Date(Date.now() - 40 * DAY_MS),
    });
    const pending = await insertRequest(t.app, student.id, mentor.id, {});
    const url = await feedOf(student.cookie);
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    // Asking again gives the same URL.
    expect(await feedOf(student.cookie)).toBe(url);
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = unfold(response.body);
    expect(ics).toContain(`UID:${id}@`);
    expect(ics).not.toContain(past.id);
    expect(ics).not.toContain(pending.id);
    expect(ics).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    // Another user's feed does not show them.
    const other = await newStudent(t.app);
    expect(unfold((await fetchFeed(await feedOf(other.cookie))).body)).not.toContain(id);
  });

  it('shows a waiting booking to both sides as tentative, and its agreed booking to the slot’s end', async () => {
    const { student, mentor } = await agreed();
    const from = new Date('2099-12-02T01:00:00.000Z'); // 10:00 in Japan
    const held = await insertRequest(t.app, student.id, mentor.id, {
      preferredSlots: [from],
      bookedFrom: from,
      bookedUntil: new Date(from.getTime() + 30 * 60_000),
    });
    const booked = await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt: new Date('2099-12-03T05:00:00.000Z'),
      bookedFrom: new Date('2099-12-03T05:00:00.000Z'),
      bookedUntil: new Date('2099-12-03T06:30:00.000Z'),
    });
    for (const [party, other, note] of [
      [student, '佐藤\\, 美咲', 'OGが承諾すると確定します'],
      [mentor, '山田 太郎', '依頼ページから承諾すると確定します'],
    ] as const) {
      const ics = unfold((await fetchFeed(await feedOf(party.cookie))).body);
      const tentative = eventOf(ics, held.id);
      expect(tentative).toContain('STATUS:TENTATIVE');
      expect(tentative).toContain(`SUMMARY:【仮予約】OG訪問：${other}さん`);
      expect(tentative).toContain('DTSTART:20991202T010000Z');
      expect(tentative).toContain('DTEND:20991202T013000Z');
      expect(tentative).toContain(note);
      const agreedEvent = eventOf(ics, booked.id);
      expect(agreedEvent).toContain('STATUS:CONFIRMED');
      expect(agreedEvent).toContain(`SUMMARY:OG訪問：${other}さん`);
      expect(agreedEvent).toContain('DTEND:20991203T063000Z');
    }
    // Answered (here declined), the hold is let go and leaves the feeds.
    await t.app.ctx.db
      .update(visitRequests)
      .set({ status: 'declined' })
      .where(eq(visitRequests.id, held.id));
    expect((await fetchFeed(await feedOf(mentor.cookie))).body).not.toContain(held.id);
  });

  it('stops working at once when regenerated', async () => {
    const { student } = await agreed();
    const old = await feedOf(student.cookie);
    const fresh = await call(t.app, student.cookie, 'POST', '/api/calendar/feed/regenerate');
    const url = (fresh.json() as { url: string }).url;
    expect(url).not.toBe(old);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('is not-found for a suspended owner, an unknown token or a malformed name', async () => {
    const { student } = await agreed();
    const url = await feedOf(student.cookie);
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, student.id));
    expect((await fetchFeed(url)).statusCode).toBe(404);
    for (const path of [
      `/calendar/${'A'.repeat(43)}.ics`,
      '/calendar/..%2F..%2Fetc.ics',
      '/calendar/x',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not-found' });
    }
  });
});

describe('an alumna’s 予約枠 feed (free/busy)', () => {
  const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

  /** 45-minute slots 10:00–12:00 every day, holidays too, 30 days ahead. */
  function publish(mentor: MentorParty, overrides: Partial<BookingSettingsInput> = {}) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/mentors/me/booking',
      headers: { cookie: mentor.cookie },
      payload: {
        bookingEnabled: true,
        slotMinutes: 45,
        noticeHours: 48,
        aheadDays: 30,
        bufferMinutes: 0,
        onHolidays: true,
        autoAccept: false,
        rules: EVERY_DAY.map((weekday) => ({
          kind: 'weekly' as const,
          weekday,
          start: '10:00',
          end: '12:00',
          meetingFormat: 'online' as const,
        })),
        ...overrides,
      } satisfies BookingSettingsInput,
    });
  }

  function openSlots(viewer: Party, mentor: MentorParty): Promise<OpenSlot[]> {
    return slotsSeenBy(t.app, viewer, mentor);
  }

  async function book(student: Party, mentor: MentorParty, slotStart: string) {
    const response = await call(t.app, student.cookie, 'POST', '/api/visit-requests/bookings', {
      mentorUrlParam: mentor.urlParam,
      slotStart,
      meetingFormat: 'online',
      purpose: 'industry_research',
      message: '商社の仕事について伺いたいです。',
      safetyRulesConfirmed: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; status: string };
  }

  /** "20991201T060000Z", as the feed writes an instant. */
  function icsTime(iso: string): string {
    return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  }

  function startOf(event: string): string {
    return /DTSTART:(\S+)/.exec(event)![1]!;
  }

  /** The instant of "20991201T060000Z". */
  function instantOfIcs(value: string): number {
    return Date.parse(
      value.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z'),
    );
  }

  it('lists her open slots over her reach as free, and held and booked ones as busy, on the same secret', async () => {
    const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
    expect((await publish(mentor)).statusCode).toBe(200);
    const [held, taken] = [
      await newStudent(t.app, '山田 太郎'),
      await newStudent(t.app, '鈴木 花子'),
    ];
    const slots = await openSlots(held, mentor);
    const pending = await book(held, mentor, slots[0]!.start);
    expect(pending.status).toBe('pending');
    // With 自動で承諾 the next booking is agreed at once.
    expect((await publish(mentor, { autoAccept: true, rulesConfirmed: true })).statusCode).toBe(
      200,
    );
    const agreedBooking = await book(taken, mentor, slots[1]!.start);
    expect(agreedBooking.status).toBe('accepted');

    const { url, slotsUrl } = await feedUrlsOf(mentor.cookie);
    expect(slotsUrl).toBe(url.replace(/\.ics$/, '/slots.ics'));
    const response = await fetchFeed(slotsUrl!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const ics = unfold(response.body);
    expect(ics).toContain('X-WR-CALNAME:OGコネクト 予約枠');
    // Free/busy only: nobody is named.
    expect(ics).not.toMatch(/山田|鈴木/);

    const events = eventsOf(ics);
    const free = events.filter((event) => event.includes('SUMMARY:予約枠（空き）'));
    for (const event of free) {
      expect(event).toContain('TRANSP:TRANSPARENT');
      // The slot's own length.
      const end = new Date(instantOfIcs(startOf(event)) + 45 * 60_000).toISOString();
      expect(event).toContain(`DTEND:${icsTime(end)}`);
    }
    // Exactly the slots a student is offered (leaving out any that crossed her notice meanwhile)…
    const later = Date.now() + 49 * 60 * 60_000;
    const offered = (await openSlots(held, mentor))
      .filter((slot) => Date.parse(slot.start) > later)
      .map((slot) => icsTime(slot.start));
    const freeStarts = free.map(startOf);
    expect(freeStarts.filter((start) => instantOfIcs(start) > later)).toEqual(offered);
    // …over her whole reach, not only the two weeks her settings page previews.
    expect(offered.length).toBeGreaterThan(2 * 20);

    const heldEvent = eventOf(ics, `slot-${pending.id}`);
    expect(heldEvent).toContain('SUMMARY:予約枠（仮予約）');
    expect(heldEvent).toContain('STATUS:TENTATIVE');
    expect(heldEvent).toContain('TRANSP:OPAQUE');
    const bookedEvent = eventOf(ics, `slot-${agreedBooking.id}`);
    expect(bookedEvent).toContain('SUMMARY:予約枠（予約済み）');
    expect(bookedEvent).toContain('STATUS:CONFIRMED');
    expect(bookedEvent).toContain('TRANSP:OPAQUE');
    expect(bookedEvent).toContain(`/visit-requests/${agreedBooking.id}`);
    // Neither taken slot is offered as free.
    expect(freeStarts).not.toContain(icsTime(slots[0]!.start));
    expect(freeStarts).not.toContain(icsTime(slots[1]!.start));

    // Her visits' feed has them too: the held one tentative, both ending with the slot.
    const visitsFeed = unfold((await fetchFeed(url)).body);
    const slotEnd = (slot: OpenSlot) => `DTEND:${icsTime(slot.end)}`;
    expect(eventOf(visitsFeed, pending.id)).toContain('STATUS:TENTATIVE');
    expect(eventOf(visitsFeed, pending.id)).toContain(slotEnd(slots[0]!));
    expect(eventOf(visitsFeed, agreedBooking.id)).toContain('STATUS:CONFIRMED');
    expect(eventOf(visitsFeed, agreedBooking.id)).toContain(slotEnd(slots[1]!));
    expect(slots[0]!.end).toBe(new Date(Date.parse(slots[0]!.start) + 45 * 60_000).toISOString());
  });

  it('offers no free slot while her slots are off, keeping the booked ones busy', async () => {
    const mentor = await newMentor(t.app);
    expect((await publish(mentor)).statusCode).toBe(200);
    const student = await newStudent(t.app);
    const [slot] = await openSlots(student, mentor);
    const pending = await book(student, mentor, slot!.start);
    expect((await publish(mentor, { bookingEnabled: false })).statusCode).toBe(200);
    const ics = unfold((await fetchFeed((await feedUrlsOf(mentor.cookie)).slotsUrl!)).body);
    expect(ics).not.toContain('予約枠（空き）');
    expect(eventOf(ics, `slot-${pending.id}`)).toContain('SUMMARY:予約枠（仮予約）');
  });

  it('is offered to alumnae only, and refused for a student’s, a suspended, an unknown or a replaced secret', async () => {
    const student = await newStudent(t.app);
    const studentFeed = await feedUrlsOf(student.cookie);
    expect(studentFeed.slotsUrl).toBeNull();
    const refused = await fetchFeed(studentFeed.url.replace(/\.ics$/, '/slots.ics'));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not-found' });

    const mentor = await newMentor(t.app);
    const old = (await feedUrlsOf(mentor.cookie)).slotsUrl!;
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const fresh = await call(t.app, mentor.cookie, 'POST', '/api/calendar/feed/regenerate');
    const renewed = (fresh.json() as { slotsUrl: string }).slotsUrl;
    expect(renewed).not.toBe(old);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(renewed)).statusCode).toBe(200);

    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, mentor.id));
    expect((await fetchFeed(renewed)).statusCode).toBe(404);
    for (const path of [
      `/calendar/${'A'.repeat(43)}/slots.ics`,
      '/calendar/..%2F..%2Fetc/slots.ics',
      `/calendar/${'A'.repeat(44)}/slots.ics`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not-found' });
    }
  });
});
