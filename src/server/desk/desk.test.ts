import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeskAnswer } from '../../shared/schemas/desk';
import { consultationDesk } from '../db/schema';
import { dayBeforeMail } from '../mail/templates';
import { auditEntries, call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { cookieFor, insertMentor, insertStudent } from '../test/factories/mentors';
import { insertRequest, mailsTo, newMentor, newStudent } from '../test/factories/visits';
import { runVisitTimers } from '../visits/timers-service';

/**
 * The seminar's 相談窓口 (docs/PRODUCT.md §8): read by anyone, set by admins only (audited, bad
 * input refused with nothing changed), and named in the 前日確認; unset, the admins' contact.
 */

const INQUIRY_URL = 'https://forms.example.jp/og-connect';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp({ inquiryUrl: INQUIRY_URL });
  admin = await insertAdmin(t.app, 'desk-admin@example.com');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.ctx.db.delete(consultationDesk);
});

const DESK = {
  name: 'キャリア支援室 OG訪問相談窓口',
  email: 'Soudan@Career.Example.ac.jp',
  phone: '03-1234-5678',
  hours: '平日 10:00〜17:00',
  note: '学内のカウンセリングルームでも相談できます。',
};

async function read(cookie?: string): Promise<DeskAnswer> {
  return expectOk(await call(t.app, cookie, 'GET', '/api/desk')) as unknown as DeskAnswer;
}

function put(body: object, cookie = admin.cookie) {
  return call(t.app, cookie, 'PUT', '/api/admin/desk', body);
}

describe('the desk as the site reads it (GET /api/desk)', () => {
  it('is not set at first: the answer names the admins’ contact, the inquiry form, to anyone', async () => {
    expect(await read()).toEqual({ desk: null, inquiryUrl: INQUIRY_URL });
    const student = await insertStudent(t.app);
    expect(await read(await cookieFor(t.app, student.user.id))).toEqual({
      desk: null,
      inquiryUrl: INQUIRY_URL,
    });
  });

  it('answers the desk an admin set to a visitor who is not signed in, and to each role', async () => {
    expectOk(await put(DESK));
    const expected = {
      desk: { ...DESK, email: 'soudan@career.example.ac.jp' },
      inquiryUrl: INQUIRY_URL,
    };
    expect(await read()).toEqual(expected);
    const student = await insertStudent(t.app);
    const mentor = await insertMentor(t.app);
    for (const userId of [student.user.id, mentor.user.id]) {
      expect(await read(await cookieFor(t.app, userId))).toEqual(expected);
    }
  });
});

describe('setting the desk (PUT /api/admin/desk)', () => {
  it('saves the desk, answers it, and records who changed which fields (not their values)', async () => {
    const saved = expectOk(await put(DESK)) as unknown as DeskAnswer;
    expect(saved.desk).toEqual({ ...DESK, email: 'soudan@career.example.ac.jp' });

    const [row] = await t.app.ctx.db.select().from(consultationDesk);
    expect(row).toMatchObject({ id: 1, updatedBy: admin.user.id, phone: '03-1234-5678' });
    const entries = await auditEntries(t.app, 'admin.desk.update');
    expect(entries.at(-1)).toMatchObject({
      actorId: admin.user.id,
      targetType: 'consultation_desk',
      details: { fields: ['name', 'email', 'phone', 'hours', 'note'], set: true },
    });
    expect(JSON.stringify(entries.at(-1))).not.toContain('1234');

    // A second admin changes the hours only: one row still, one more entry naming the hours.
    const other = await insertAdmin(t.app);
    expectOk(await put({ ...DESK, hours: '平日 9:00〜18:00' }, other.cookie));
    expect(await t.app.ctx.db.select().from(consultationDesk)).toHaveLength(1);
    expect((await read()).desk?.hours).toBe('平日 9:00〜18:00');
    const after = await auditEntries(t.app, 'admin.desk.update');
    expect(after).toHaveLength(entries.length + 1);
    expect(after.at(-1)).toMatchObject({
      actorId: other.user.id,
      details: { fields: ['hours'], set: true },
    });

    // The same again changes nothing and records nothing.
    expectOk(await put({ ...DESK, hours: '平日 9:00〜18:00' }, other.cookie));
    expect(await auditEntries(t.app, 'admin.desk.update')).toHaveLength(after.length);
  });

  it('is unset by emptying every field: the site shows the admins’ contact again', async () => {
    expectOk(await put(DESK));
    const before = (await auditEntries(t.app, 'admin.desk.update')).length;
    const cleared = expectOk(
      await put({ name: '', email: '', phone: '', hours: '', note: '' }),
    ) as unknown as DeskAnswer;
    expect(cleared).toEqual({ desk: null, inquiryUrl: INQUIRY_URL });
    expect(await read()).toEqual({ desk: null, inquiryUrl: INQUIRY_URL });
    const entries = await auditEntries(t.app, 'admin.desk.update');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)!.details).toMatchObject({ set: false });
  });

  it('folds what is typed: full-width digits and dashes, invisible characters, spaces around', async () => {
    const saved = expectOk(
      await put({
        name: ' \u200bゼミ\u202e運営窓口 ',
        email: ' desk@example.jp ',
        phone: '０９０ー１２３４ー５６７８',
        hours: '平日\t10時から',
        note: '一行目\r\n二行目\u2066',
      }),
    ) as unknown as DeskAnswer;
    expect(saved.desk).toEqual({
      name: 'ゼミ運営窓口',
      email: 'desk@example.jp',
      phone: '090-1234-5678',
      hours: '平日 10時から',
      note: '一行目\n二行目',
    });
  });

  it('refuses bad input with the field’s message and changes nothing', async () => {
    expectOk(await put(DESK));
    const audited = (await auditEntries(t.app, 'admin.desk.update')).length;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ email: 'not-an-address' }, { email: 'validation.emailInvalid' }],
      [{ email: 'a@b.jp, c@d.jp' }, { email: 'validation.emailInvalid' }],
      [{ email: 'desk\u200b@example.jp' }, { email: 'validation.emailInvalid' }],
      [{ phone: '03-1234-567' }, { phone: 'validation.deskPhoneInvalid' }],
      [{ phone: '03-1234-5678 内線12' }, { phone: 'validation.deskPhoneInvalid' }],
      [{ phone: '03\u200b-1234-5678' }, { phone: 'validation.deskPhoneInvalid' }],
      [{ phone: 'tel:0312345678' }, { phone: 'validation.deskPhoneInvalid' }],
      [{ phone: '+81 3 1234 5678 9012 345' }, { phone: 'validation.deskPhoneInvalid' }],
      [{ name: 'あ'.repeat(61) }, { name: 'validation.deskNameTooLong' }],
      [{ hours: 'あ'.repeat(101) }, { hours: 'validation.deskHoursTooLong' }],
      [{ note: 'あ'.repeat(301) }, { note: 'validation.deskNoteTooLong' }],
      [{ email: '', phone: '' }, { email: 'validation.deskContactRequired' }],
      [{ name: 42 }, { name: 'validation.invalid' }],
    ];
    for (const [change, fieldErrors] of cases) {
      const response = await put({ ...DESK, ...change });
      expectError(response, 400, 'invalid-argument');
      expect(response.json().fieldErrors, JSON.stringify(change)).toEqual(fieldErrors);
    }
    const missing = await put({ name: DESK.name });
    expectError(missing, 400, 'invalid-argument');
    expect((await read()).desk).toEqual({ ...DESK, email: 'soudan@career.example.ac.jp' });
    expect(await auditEntries(t.app, 'admin.desk.update')).toHaveLength(audited);
  });

  it('is for admins only: anyone else is refused and nothing changes', async () => {
    const student = await insertStudent(t.app);
    const mentor = await insertMentor(t.app);
    for (const cookie of [
      await cookieFor(t.app, student.user.id),
      await cookieFor(t.app, mentor.user.id),
    ]) {
      expectError(await put(DESK, cookie), 403, 'permission-denied');
    }
    expectError(
      await call(t.app, undefined, 'PUT', '/api/admin/desk', DESK),
      401,
      'auth/unauthenticated',
    );
    expect(await read()).toEqual({ desk: null, inquiryUrl: INQUIRY_URL });
    expect(await t.app.ctx.db.select().from(consultationDesk)).toHaveLength(0);
  });
});

describe('the desk in the 前日確認', () => {
  // 10:00 on 10 December (Japan time); the reminder is due at 18:00 on the 9th (09:00 UTC).
  const meetingAt = new Date('2026-12-10T01:00:00Z');
  const dueAt = new Date('2026-12-09T09:00:00Z');

  async function remindedStudent() {
    const student = await newStudent(t.app, '山田 太郎');
    const mentor = await newMentor(t.app, { name: '佐藤 美咲' });
    await insertRequest(t.app, student.id, mentor.id, {
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
    });
    await runVisitTimers(t.app.ctx.db, dueAt);
    const [mail] = await mailsTo(t.app, student.email);
    return mail!;
  }

  it('names the desk as set, its words made inert, its address and number as they are', async () => {
    expectOk(await put({ ...DESK, note: '詳しくは career.example.ac.jp をご覧ください。' }));
    const mail = await remindedStudent();
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('【困ったときの相談窓口】');
      expect(body).toContain('窓口：キャリア支援室 OG訪問相談窓口');
      expect(body).toContain('メール：soudan@career.example.ac.jp');
      expect(body).toContain('電話：03-1234-5678');
      expect(body).toContain('受付時間：平日 10：00〜17：00');
      expect(body).toContain('相談や通報をしたことが、相手の方に伝わることはありません。');
      expect(body).toContain('career．example．ac．jp');
      expect(body).not.toContain('メニューの「お問い合わせ」');
    }
  });

  it('names the admins’ contact while no desk is set, without a link', async () => {
    const mail = await remindedStudent();
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('【困ったときの相談窓口】');
      expect(body).toContain('サイトのメニューの「お問い合わせ」から連絡できます。');
      expect(body).not.toContain('窓口：');
      expect(body).not.toContain('forms.example.jp');
    }
  });

  it('escapes the desk in the html as every typed text', () => {
    const mail = dayBeforeMail(
      'http://localhost:3000/visit-requests/x',
      'http://localhost:3000/visit-requests/x?cancel=1',
      { other: '佐藤 美咲' },
      {
        purpose: 'industry_research',
        meetingFormat: 'online',
        preferredSlots: [meetingAt],
        meetingAt,
        meetingPlace: null,
      },
      { name: '窓口 & <b>相談</b>', email: 'a@example.jp', phone: '', hours: '"夜"', note: '' },
    );
    expect(mail.html).toContain('窓口：窓口 &amp; b相談／b');
    expect(mail.html).toContain('受付時間：&quot;夜&quot;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('窓口：窓口 & b相談／b');
  });
});
