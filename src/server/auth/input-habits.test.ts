import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client';
import { pendingRegistrations, students } from '../db/schema';
import {
  codeFromMail,
  createTestApp,
  insertUser,
  latestMailTo,
  sessionCookieOf,
  tokenFromMail,
  type TestApp,
} from '../test/app';

/**
 * Japanese input habits (docs/PRODUCT.md §4): what a keyboard in 全角 mode types in an address, a
 * code or a 学籍番号 is read as half-width by the server too, whatever the page did; emoji are
 * refused in names; migration 0023 converts the 学籍番号 stored before.
 */

let t: TestApp;
let client = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Each request from its own address, so no per-client limit of one test reaches another. */
function post(url: string, payload: object, cookie?: string) {
  client++;
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.34.8.${client}`,
    headers: cookie ? { cookie } : {},
  });
}

function form(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: '山田 花子',
    nameReading: 'ヤマダ ハナコ',
    studentNumber: '1Y23A456',
    universityId: 'waseda',
    faculty: '政治経済学部',
    department: '経済学科',
    grade: '3年',
    email,
    termsAccepted: true,
    ...overrides,
  };
}

describe('full-width input read as half-width', () => {
  it('registers a student whose address and 学籍番号 were typed in 全角, stored half-width', async () => {
    const registered = await post(
      '/api/registrations/student',
      form('ｈａｂａ．ｆｕｌｌ＠ａｋａｎｅ．ｗａｓｅｄａ．ｊｐ', {
        studentNumber: '　１Ｙ２３ａ４５６ ',
      }),
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const email = 'haba.full@akane.waseda.jp';
    const [pending] = await t.app.ctx.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email));
    expect(pending?.data).toMatchObject({ studentNumber: '1Y23a456' });

    // The address is typed again in 全角 on the link's page.
    const mail = await latestMailTo(t.app, email);
    const completed = await post('/api/auth/complete-link', {
      token: tokenFromMail(mail!),
      email: 'ＨＡＢＡ．ＦＵＬＬ＠ａｋａｎｅ．ｗａｓｅｄａ．ｊｐ',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/students/me',
      headers: { cookie: sessionCookieOf(completed) },
    });
    expect(profile.json()).toMatchObject({ email, studentNumber: '1Y23a456' });
  });

  it('signs in with the address and the code typed in 全角', async () => {
    const email = 'zenkaku.code@example.com';
    await insertUser(t.app, { email, role: 'student' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email: 'ｚｅｎｋａｋｕ．ｃｏｄｅ＠ｅｘａｍｐｌｅ．ｃｏｍ' },
      remoteAddress: '10.34.9.1',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const binding = asked.cookies.find((cookie) => cookie.name === 'og_signin');
    const code = codeFromMail((await latestMailTo(t.app, email))!);
    const fullWidthCode = code.replace(/\d/g, (digit) =>
      String.fromCharCode(digit.charCodeAt(0) + 0xfee0),
    );
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-code',
      payload: { email: 'ｚｅｎｋａｋｕ．ｃｏｄｅ＠ｅｘａｍｐｌｅ．ｃｏｍ', code: fullWidthCode },
      remoteAddress: '10.34.9.1',
      headers: { cookie: `og_signin=${binding!.value}` },
    });
    expect(completed.statusCode, completed.body).toBe(200);
  });
});

describe('emoji in names', () => {
  it.each(['山田 花子🌸', '👍', 'Hanako 🇯🇵', '花子❤️', '花子1️⃣'])(
    'refuses %j at registration with its own message, keeping nothing',
    async (name) => {
      const email = `emoji${client}@akane.waseda.jp`;
      const response = await post('/api/registrations/student', form(email, { name }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid-argument',
        fieldErrors: { name: 'validation.nameEmoji' },
      });
      const kept = await t.app.ctx.db
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, email));
      expect(kept).toHaveLength(0);
    },
  );

  it('accepts names of letters, kana, kanji and marks that are no emoji', async () => {
    for (const [i, name] of ['髙橋 〆子', 'Anne-Marie O’Neil', '山田＃1', '佐藤・花子'].entries()) {
      const response = await post(
        '/api/registrations/student',
        form(`plain${i}@akane.waseda.jp`, { name }),
      );
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    }
  });
});

describe('migration 0023 on 学籍番号 stored in 全角', () => {
  it('converts them once, and running it again changes nothing', async () => {
    const registered = await post(
      '/api/registrations/student',
      form('stored.before@akane.waseda.jp'),
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const mail = await latestMailTo(t.app, 'stored.before@akane.waseda.jp');
    const completed = await post('/api/auth/complete-link', {
      token: tokenFromMail(mail!),
      email: 'stored.before@akane.waseda.jp',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // As before 0023: a number typed in 全角 was stored as typed; the others are half-width.
    const [student] = await t.app.ctx.db
      .update(students)
      .set({ studentNumber: 'Ｓ－００４２　' })
      .where(eq(students.email, 'stored.before@akane.waseda.jp'))
      .returning();
    const others = await t.app.ctx.db
      .select({ userId: students.userId, studentNumber: students.studentNumber })
      .from(students)
      .where(sql`${students.userId} <> ${student!.userId}`);

    for (let run = 0; run < 2; run++) {
      for (const statement of stepsOf('0023_half_width_student_numbers.sql'))
        await t.app.ctx.db.execute(sql.raw(statement));
      const [after] = await t.app.ctx.db
        .select({ studentNumber: students.studentNumber })
        .from(students)
        .where(eq(students.userId, student!.userId));
      expect(after?.studentNumber).toBe('S-0042');
    }
    const othersAfter = await t.app.ctx.db
      .select({ userId: students.userId, studentNumber: students.studentNumber })
      .from(students)
      .where(sql`${students.userId} <> ${student!.userId}`);
    expect(othersAfter).toEqual(others);
  });
});

describe('migration 0030 on registrations waiting for their link', () => {
  it('converts a 学籍番号 sent in 全角 before, so the student is stored half-width, once', async () => {
    const email = 'pending.before@akane.waseda.jp';
    const sent = await post('/api/registrations/student', form(email));
    expect(sent.statusCode, sent.body).toBe(200);
    // As before the forms read it half-width: the number waits as typed.
    const [pending] = await t.app.ctx.db
      .update(pendingRegistrations)
      .set({
        data: sql`jsonb_set(${pendingRegistrations.data}, '{studentNumber}', '"Ｓ－００４３"')`,
      })
      .where(eq(pendingRegistrations.email, email))
      .returning();
    const untouched = await post(
      '/api/registrations/student',
      form('pending.other@akane.waseda.jp'),
    );
    expect(untouched.statusCode, untouched.body).toBe(200);
    const dataOf = async (address: string) =>
      (
        await t.app.ctx.db
          .select({ data: pendingRegistrations.data })
          .from(pendingRegistrations)
          .where(eq(pendingRegistrations.email, address))
      ).map((row) => row.data);
    const otherBefore = await dataOf('pending.other@akane.waseda.jp');

    for (let run = 0; run < 2; run++) {
      for (const statement of stepsOf('0030_half_width_pending_student_numbers.sql')) {
        await t.app.ctx.db.execute(sql.raw(statement));
      }
      expect(await dataOf(email)).toEqual([
        { ...(pending!.data as object), studentNumber: 'S-0043' },
      ]);
    }
    expect(await dataOf('pending.other@akane.waseda.jp')).toEqual(otherBefore);

    const completed = await post('/api/auth/complete-link', {
      token: tokenFromMail((await latestMailTo(t.app, email))!),
      email,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const [student] = await t.app.ctx.db
      .select({ studentNumber: students.studentNumber })
      .from(students)
      .where(eq(students.email, email));
    expect(student?.studentNumber).toBe('S-0043');
  });
});

/** The statements of one migration, without its comments. */
function stepsOf(file: string): string[] {
  const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}
