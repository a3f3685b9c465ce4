import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_INVITATION_MAX_ADDRESSES } from '../../shared/constants';
import type { BulkInvitationResult } from '../../shared/schemas/invitations';
import { invitations, seminar, users } from '../db/schema';
import { auditEntries, call, expectError, expectOk, insertAdmin } from '../test/factories/admins';
import { createTestApp, latestMailTo, sessionCookieOf, type TestApp } from '../test/app';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  jpeg,
  mentorFields,
  multipartBody,
  nextIp,
} from '../test/factories/mentors';

/**
 * Invitations that sound like the seminar (issue 56, point 4; docs/PRODUCT.md §5): the seminar's
 * name set by the admins, the inviter's personal line, an admin's list of addresses, and an
 * invitee whose mailed link proved her address.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'seminar-admin@example.com');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.ctx.db.delete(seminar);
});

const SEMINAR = { name: '山田ゼミ（就職活動）', leaderName: '山田 花子 先生' };

function putSeminar(body: object, cookie = admin.cookie) {
  return call(t.app, cookie, 'PUT', '/api/admin/seminar', body);
}
async function readSeminar() {
  return expectOk(await call(t.app, undefined, 'GET', '/api/seminar'));
}
function invite(body: object, cookie = admin.cookie) {
  return call(t.app, cookie, 'POST', '/api/invitations', body);
}
function inviteList(body: object, cookie = admin.cookie) {
  return call(t.app, cookie, 'POST', '/api/admin/invitations/bulk', body);
}

describe('the seminar’s name (GET /api/seminar, PUT /api/admin/seminar)', () => {
  it('is unset at first, then read by anyone as an admin set it, audited with what changed', async () => {
    expect(await readSeminar()).toEqual({ seminar: null });
    expect(expectOk(await putSeminar(SEMINAR))).toEqual({ seminar: SEMINAR });
    expect(await readSeminar()).toEqual({ seminar: SEMINAR });
    const [entry] = await auditEntries(t.app, 'admin.seminar.update');
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetType: 'seminar',
      details: { fields: ['name', 'leaderName'], ...SEMINAR },
    });
    // The same again records nothing; emptying both unsets it.
    expectOk(await putSeminar(SEMINAR));
    expect(await auditEntries(t.app, 'admin.seminar.update')).toHaveLength(1);
    expect(expectOk(await putSeminar({ name: '', leaderName: '' }))).toEqual({ seminar: null });
  });

  it('refuses what is not a name, and anyone but an admin, changing nothing', async () => {
    expectOk(await putSeminar(SEMINAR));
    const cases: [object, Record<string, string>][] = [
      [{ name: 'あ'.repeat(61) }, { name: 'validation.seminarNameTooLong' }],
      [{ leaderName: 'あ'.repeat(41) }, { leaderName: 'validation.seminarLeaderTooLong' }],
      [{ leaderName: '' }, { leaderName: 'validation.seminarLeaderRequired' }],
      [{ name: 'ゼミ https://spam.example.com' }, { name: 'validation.seminarNoContact' }],
      [{ leaderName: '山田 090-1234-5678' }, { leaderName: 'validation.seminarNoContact' }],
    ];
    for (const [change, fieldErrors] of cases) {
      const response = await putSeminar({ ...SEMINAR, ...change });
      expectError(response, 400, 'invalid-argument');
      expect(response.json().fieldErrors, JSON.stringify(change)).toEqual(fieldErrors);
    }
    const { user: og } = await insertMentor(t.app);
    expectError(
      await putSeminar({ name: 'x', leaderName: 'y' }, await cookieFor(t.app, og.id)),
      403,
      'permission-denied',
    );
    expect(await readSeminar()).toEqual({ seminar: SEMINAR });
  });
});

describe('the invitation mail', () => {
  it('names the seminar and its teacher, and carries the inviter’s line with contacts masked', async () => {
    expectOk(await putSeminar(SEMINAR));
    expectOk(
      await invite({
        email: 'seminar-guest@example.com',
        message:
          'ゼミの後輩たちに会ってあげてください。\nLINEは hanako_123 です。詳しくは spam。example。com へ',
      }),
      201,
    );
    const mail = (await latestMailTo(t.app, 'seminar-guest@example.com'))!;
    expect(mail.subject).toBe('【OGコネクト】山田ゼミ（就職活動）からOG登録のご招待');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('山田 花子 先生から、山田ゼミ（就職活動）のOG訪問サイト');
      expect(body).toContain('ゼミ：山田ゼミ（就職活動）（山田 花子 先生）');
      expect(body).toContain('山田 花子 先生からのひとこと：');
      expect(body).toContain('ゼミの後輩たちに会ってあげてください。');
      expect(body).not.toContain('hanako_123');
      expect(body).toContain('spam．example．com');
    }
  });

  it('from an alumna, names her and the seminar; unset, reads as before', async () => {
    const { user: og } = await insertMentor(t.app, { name: '佐藤 美咲' });
    const ogCookie = await cookieFor(t.app, og.id);
    expectOk(await invite({ email: 'plain-guest@example.com' }, ogCookie), 201);
    const plain = (await latestMailTo(t.app, 'plain-guest@example.com'))!;
    expect(plain.subject).toBe('【OGコネクト】OG登録のご招待');
    expect(plain.text).toContain('佐藤 美咲さんから、就活ゼミのOG訪問サイト');
    expect(plain.text).not.toContain('ひとこと');
    expectOk(await putSeminar(SEMINAR));
    expectOk(
      await invite({ email: 'og-guest@example.com', message: 'ぜひ一緒に！' }, ogCookie),
      201,
    );
    const mail = (await latestMailTo(t.app, 'og-guest@example.com'))!;
    expect(mail.text).toContain('佐藤 美咲さんから、山田ゼミ（就職活動）のOG訪問サイト');
    expect(mail.text).toContain('佐藤 美咲さんからのひとこと：\nぜひ一緒に！');
  });

  it('refuses a personal line over 300 characters', async () => {
    const response = await invite({ email: 'long-line@example.com', message: 'あ'.repeat(301) });
    expectError(response, 400, 'invalid-argument');
    expect(response.json().fieldErrors).toEqual({ message: 'validation.inviteMessageTooLong' });
  });
});

describe('an admin’s list (POST /api/admin/invitations/bulk)', () => {
  it('invites each line on its own and says what became of each', async () => {
    await insertMentor(t.app, { email: 'member@example.com' });
    expectOk(await invite({ email: 'waiting@example.com' }), 201);
    const answer = expectOk(
      await inviteList({
        addresses: [
          'first@example.com',
          '  ＳＥＣＯＮＤ@example.com ',
          '',
          'waiting@example.com',
          'member@example.com',
          'not an address',
          'first@example.com',
        ].join('\r\n'),
        role: 'mentor',
        message: 'ゼミのOGとしてお願いします。',
      }),
    ) as unknown as BulkInvitationResult;
    expect(answer.results).toEqual([
      { line: 'first@example.com', outcome: 'sent' },
      { line: 'second@example.com', outcome: 'sent' },
      { line: 'waiting@example.com', outcome: 'already-invited' },
      { line: 'member@example.com', outcome: 'already-member' },
      { line: 'not an address', outcome: 'invalid' },
      { line: 'first@example.com', outcome: 'already-invited' },
    ]);
    for (const email of ['first@example.com', 'second@example.com']) {
      const [row] = await t.app.ctx.db
        .select()
        .from(invitations)
        .where(eq(invitations.email, email));
      expect(row).toMatchObject({ role: 'mentor', status: 'pending', inviterId: admin.user.id });
      expect((await latestMailTo(t.app, email))!.text).toContain('ゼミのOGとしてお願いします。');
    }
    const [entry] = await auditEntries(t.app, 'admin.invitation.bulk');
    expect(entry!.details).toEqual({
      sent: 2,
      'already-invited': 2,
      'already-member': 1,
      invalid: 1,
    });
  });

  it(`refuses an empty list, or one over ${BULK_INVITATION_MAX_ADDRESSES} lines, sending nothing`, async () => {
    const many = Array.from(
      { length: BULK_INVITATION_MAX_ADDRESSES + 1 },
      (_, i) => `many-${i}@example.com`,
    );
    for (const [addresses, key] of [
      [many.join('\n'), 'validation.bulkTooManyAddresses'],
      [' \n \n', 'validation.bulkAddressesRequired'],
    ] as const) {
      const response = await inviteList({ addresses });
      expectError(response, 400, 'invalid-argument');
      expect(response.json().fieldErrors).toEqual({ addresses: key });
    }
    const [row] = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'many-0@example.com'));
    expect(row).toBeUndefined();
  });

  it('stops mailing at the day’s limit per admin, saying so for each line left', async () => {
    const other = await insertAdmin(t.app);
    const lines = (from: number) =>
      Array.from({ length: 30 }, (_, i) => `daily-${from + i}@example.com`).join('\n');
    for (const from of [0, 30, 60]) {
      const { results } = expectOk(
        await inviteList({ addresses: lines(from) }, other.cookie),
      ) as unknown as BulkInvitationResult;
      expect(results.every((result) => result.outcome === 'sent')).toBe(true);
    }
    const { results } = expectOk(
      await inviteList({ addresses: lines(90) }, other.cookie),
    ) as unknown as BulkInvitationResult;
    expect(results.filter((result) => result.outcome === 'sent')).toHaveLength(10);
    expect(results.slice(10).every((result) => result.outcome === 'limited')).toBe(true);
    expect(await latestMailTo(t.app, 'daily-100@example.com')).toBeUndefined();
  });

  it('is for admins only', async () => {
    const { user: og } = await insertMentor(t.app);
    const student = await insertStudent(t.app);
    for (const userId of [og.id, student.user.id]) {
      expectError(
        await inviteList({ addresses: 'x@example.com' }, await cookieFor(t.app, userId)),
        403,
        'permission-denied',
      );
    }
  });
});

describe('registering from the mailed link', () => {
  async function register(fields: Record<string, string>) {
    const body = await multipartBody(
      { ...fields, ...mentorFields() },
      { content: await jpeg(400, 400) },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/mentor-registrations',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
      remoteAddress: nextIp(),
    });
  }
  async function invited(email: string) {
    expectOk(await invite({ email, role: 'mentor' }), 201);
    const mail = (await latestMailTo(t.app, email))!;
    const link = new URL(mail.text.match(/https?:\/\/\S+mentor-register\S+/)![0]);
    return {
      code: link.searchParams.get('code')!,
      proof: link.searchParams.get('proof'),
      mailed: link.toString(),
    };
  }

  it('signs her in at once, verified and her invitation completed, with no mail to confirm', async () => {
    const { code, proof, mailed } = await invited('proven@example.com');
    expect(proof).toEqual(expect.any(String));
    // The row keeps the proof's hash, and the link the mail carried (an admin's copy).
    const [row] = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'proven@example.com'));
    expect(row!.invitationUrl).toBe(mailed);
    expect(row!.proofHash).not.toContain(proof!);

    const response = await register({ email: 'proven@example.com', code, proof: proof! });
    expect(expectOk(response)).toEqual({ ok: true, signedIn: true });
    const [user] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'proven@example.com'));
    expect(user!.emailVerified).toBe(true);
    const [completed] = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, row!.id));
    expect(completed).toMatchObject({ status: 'completed', userId: user!.id });
    // The mail she still holds is the invitation: nothing asks her to confirm her address.
    expect((await latestMailTo(t.app, 'proven@example.com'))!.subject).toContain('ご招待');
    const me = await call(t.app, sessionCookieOf(response), 'GET', '/api/auth/session');
    expect(expectOk(me)).toMatchObject({ user: { email: 'proven@example.com', role: 'mentor' } });
  });

  it('with a typed code or a wrong proof, asks her to confirm by mail as before', async () => {
    for (const [email, proofOf] of [
      ['typed-code@example.com', () => undefined],
      ['wrong-proof@example.com', (proof: string) => `${proof}x`],
    ] as const) {
      const { code, proof } = await invited(email);
      const wrong = proofOf(proof!);
      const response = await register({ email, code, ...(wrong ? { proof: wrong } : {}) });
      expect(expectOk(response)).toEqual({ ok: true });
      expect(response.cookies.find((cookie) => cookie.name === 'og_session')).toBeUndefined();
      const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
      expect(user!.emailVerified).toBe(false);
      expect((await latestMailTo(t.app, email))!.subject).toContain('メールアドレスの確認');
    }
  });
});
