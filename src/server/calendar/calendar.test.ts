import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { call, expectError } from '../test/factories/admins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';
import { DAY_MS, insertRequest, newMentor, newStudent } from '../test/factories/visits';

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

describe('the private feed', () => {
  async function feedOf(cookie: string): Promise<string> {
    const response = await call(t.app, cookie, 'GET', '/api/calendar/feed');
    expect(response.statusCode).toBe(200);
    return (response.json() as { url: string }).url;
  }

  function fetchFeed(url: string) {
    return t.app.inject({ method: 'GET', url: new URL(url).pathname });
  }

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
