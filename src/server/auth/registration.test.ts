import { eq, sql } from 'drizzle-orm';
import { REGISTRATION_LIMITS } from './registration-service';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ja } from '../../shared/messages/ja';
import { UNIVERSITY_SEED } from '../db/seed/universities';
import {
  invitations,
  pendingRegistrations,
  signInTokens,
  students,
  universities,
  universityDomains,
  users,
} from '../db/schema';
import {
  createTestApp,
  findUser,
  insertUser,
  latestMailTo,
  sessionCookieOf,
  TEST_ORIGIN,
  tokenFromMail,
  type DevMail,
  type TestApp,
} from '../test/app';

let t: TestApp;
let clientCounter = 0;
/** Each test speaks from its own address so per-client limits of one test never hit another. */
let clientIp: string;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clientCounter++;
  clientIp = `10.1.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
});

const HOUR = 60 * 60_000;

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: clientIp,
    headers: cookie ? { cookie } : {},
  });
}

function get(url: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: clientIp,
    headers: cookie ? { cookie } : {},
  });
}

/** A complete, valid Waseda form for the address; fields can be overridden. */
function form(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: '山田 花子',
    nameReading: 'やまだ　はなこ',
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

function register(email: string, overrides: Record<string, unknown> = {}) {
  return post('/api/registrations/student', form(email, overrides));
}

function completeLink(token: string, email: string) {
  return post('/api/auth/complete-link', { token, email });
}

/** Every mail sent to the address so far (whatever was queued is sent first). */
async function mailsTo(email: string): Promise<DevMail[]> {
  await t.app.ctx.outbox.drain();
  const response = await t.app.inject({ method: 'GET', url: '/_dev/mail' });
  return (response.json() as DevMail[]).filter((mail) => mail.to === email);
}

async function registrationMail(email: string): Promise<DevMail> {
  const mail = await latestMailTo(t.app, email);
  expect(mail, `mail to ${email}`).toBeDefined();
  return mail!;
}

function pendingRows(email: string) {
  return t.app.ctx.db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email));
}

function tokenRows(email: string) {
  return t.app.ctx.db.select().from(signInTokens).where(eq(signInTokens.email, email));
}

function userRows(email: string) {
  return t.app.ctx.db.select().from(users).where(eq(users.email, email));
}

function studentRows(email: string) {
  return t.app.ctx.db.select().from(students).where(eq(students.email, email));
}

/** Nothing at all was kept or sent for the address. */
async function expectNothingFor(email: string) {
  expect(await pendingRows(email)).toHaveLength(0);
  expect(await tokenRows(email)).toHaveLength(0);
  expect(await userRows(email)).toHaveLength(0);
  expect(await studentRows(email)).toHaveLength(0);
  expect(await mailsTo(email)).toHaveLength(0);
}

/** Registers the address and returns the token of the link mailed for it. */
async function registerAndGetToken(email: string, overrides: Record<string, unknown> = {}) {
  const response = await register(email, overrides);
  expect(response.statusCode, response.body).toBe(200);
  return tokenFromMail(await registrationMail(email));
}

async function insertInvitation(email: string, values: Partial<typeof invitations.$inferInsert>) {
  await t.app.ctx.db.insert(invitations).values({
    email,
    inviteCode: 'ABC234',
    invitationUrl: 'x',
    status: 'pending',
    expiresAt: new Date(Date.now() + 7 * 24 * HOUR),
    ...values,
  });
}

function expectAlreadyInUse(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toEqual({
    code: 'auth/email-already-in-use',
    message: ja.errors['auth/email-already-in-use'],
  });
}

describe('GET /api/universities', () => {
  it('is public and lists every seeded university with its domains', async () => {
    const response = await get('/api/universities');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: string; name: string; domains: string[] }[];
    expect(list).toHaveLength(UNIVERSITY_SEED.length);
    for (const seeded of UNIVERSITY_SEED) {
      const listed = list.find((u) => u.id === seeded.id);
      expect(listed, seeded.id).toBeDefined();
      expect(listed!.name).toBe(seeded.name);
      expect([...listed!.domains].sort()).toEqual([...seeded.domains].sort());
    }
    expect(list.find((u) => u.id === 'waseda')).toMatchObject({
      name: '早稲田大学',
      domains: expect.arrayContaining(['akane.waseda.jp', 'ruri.waseda.jp']),
    });
  });

  it('leaves out a retired university, and registration refuses it', async () => {
    await t.app.ctx.db
      .insert(universities)
      .values({ id: 'retired-u', name: '閉校大学', retiredAt: new Date() });
    await t.app.ctx.db
      .insert(universityDomains)
      .values({ domain: 'retired-u.ac.jp', universityId: 'retired-u' });
    const list = (await get('/api/universities')).json() as { id: string }[];
    expect(list.map((u) => u.id)).not.toContain('retired-u');

    const response = await register('old@retired-u.ac.jp', { universityId: 'retired-u' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ universityId: 'validation.universityRequired' });
    await expectNothingFor('old@retired-u.ac.jp');
  });
});

describe('student registration: the whole path', () => {
  it('registers, mails a 24-hour link, and the link creates the verified student', async () => {
    const email = 'hanako@akane.waseda.jp';
    const before = Date.now();
    const response = await register(email, {
      name: ' 山田 花子 ',
      studentNumber: '1Y23A456',
      faculty: '政治経済学部',
      department: '経済学科',
      grade: '大学院1年',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    // Nothing is created before the link is followed.
    expect(await userRows(email)).toHaveLength(0);
    expect(await pendingRows(email)).toHaveLength(1);

    const mail = await registrationMail(email);
    expect(mail.subject).toContain('学生登録');
    expect(mail.links.some((l) => l.startsWith(`${TEST_ORIGIN}/auth/verify-email?token=`))).toBe(
      true,
    );
    const token = tokenFromMail(mail);
    const [tokenRow] = await tokenRows(email);
    expect(tokenRow).toMatchObject({ purpose: 'registration', usedAt: null });
    const ttl = tokenRow!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(24 * HOUR - 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * HOUR + 5_000);
    expect(JSON.stringify(tokenRow)).not.toContain(token);

    const completed = await completeLink(token, email);
    expect(completed.statusCode, completed.body).toBe(200);
    const cookie = sessionCookieOf(completed);

    const session = await get('/api/auth/session', cookie);
    expect(session.json()).toMatchObject({
      user: { email, role: 'student', emailVerified: true },
      timedOut: false,
    });

    const profile = await get('/api/students/me', cookie);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toEqual({
      name: '山田 花子',
      nameReading: 'ヤマダ ハナコ',
      studentNumber: '1Y23A456',
      universityId: 'waseda',
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      faculty: '政治経済学部',
      department: '経済学科',
      grade: '大学院1年',
      contactEmail: email,
      desiredIndustry: null,
      desiredJobType: null,
      selfIntroduction: null,
      email,
    });

    expect(await pendingRows(email)).toHaveLength(0);
    const user = await findUser(t.app, email);
    expect(user).toMatchObject({ role: 'student', emailVerified: true, suspendedAt: null });
    expect(user!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(user!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(user!.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(await studentRows(email)).toHaveLength(1);
  });

  it('answers GET /api/students/me 401 without a session', async () => {
    const response = await get('/api/students/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/unauthenticated' });
  });

  it('completes on another device: no cookie, the address typed by hand', async () => {
    const email = 'device@ruri.waseda.jp';
    const token = await registerAndGetToken(email, {
      name: '佐藤 一郎',
      studentNumber: 'S-0042',
      faculty: '商学部',
      department: '経営学科',
      grade: '1年',
    });
    // Another browser: another client, no cookie, nothing stored locally, the address typed.
    clientIp = '10.200.0.1';
    const completed = await completeLink(token, '  Device@Ruri.Waseda.JP ');
    expect(completed.statusCode, completed.body).toBe(200);
    const profile = await get('/api/students/me', sessionCookieOf(completed));
    expect(profile.json()).toEqual({
      name: '佐藤 一郎',
      nameReading: 'ヤマダ ハナコ',
      studentNumber: 'S-0042',
      universityId: 'waseda',
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      faculty: '商学部',
      department: '経営学科',
      grade: '1年',
      contactEmail: email,
      desiredIndustry: null,
      desiredJobType: null,
      selfIntroduction: null,
      email,
    });
  });

  it('accepts the address and its domain in upper case, storing it lower-cased', async () => {
    const response = await register('Taro.Upper@AKANE.WASEDA.JP');
    expect(response.statusCode, response.body).toBe(200);
    expect(await pendingRows('taro.upper@akane.waseda.jp')).toHaveLength(1);
    const token = tokenFromMail(await registrationMail('taro.upper@akane.waseda.jp'));
    const completed = await completeLink(token, 'TARO.UPPER@akane.waseda.jp');
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await findUser(t.app, 'taro.upper@akane.waseda.jp')).toMatchObject({ role: 'student' });
  });
});

describe('student registration: domain and university checks', () => {
  it('refuses an address outside the chosen university with 403 and keeps nothing', async () => {
    for (const email of [
      'wrong@keio.jp',
      'parent@waseda.jp',
      'sub@x.akane.waseda.jp',
      'suffix@evilwaseda.jp',
      'trick@akane.waseda.jp.evil.com',
    ]) {
      const response = await register(email);
      expect(response.statusCode, email).toBe(403);
      expect(response.json()).toEqual({
        code: 'registration/domain-not-allowed',
        message: ja.errors['registration/domain-not-allowed'],
        fieldErrors: { email: 'validation.emailDomainMismatch' },
      });
      await expectNothingFor(email);
    }
    expect(ja.validation.emailDomainMismatch).toBeTruthy();
  });

  it('refuses a university of another student domain (Keio address, Keio chosen, is fine)', async () => {
    const wrong = await register('kei@keio.jp', { universityId: 'waseda' });
    expect(wrong.statusCode).toBe(403);
    const right = await register('kei@keio.jp', { universityId: 'keio' });
    expect(right.statusCode, right.body).toBe(200);
    const token = tokenFromMail(await registrationMail('kei@keio.jp'));
    const completed = await completeLink(token, 'kei@keio.jp');
    const profile = (await get('/api/students/me', sessionCookieOf(completed))).json();
    expect(profile).toMatchObject({ universityId: 'keio', universityName: '慶應義塾大学' });
  });

  it('refuses an unknown university id with 400 and keeps nothing', async () => {
    const response = await register('nouni@akane.waseda.jp', {
      universityId: 'no-such-university',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid-argument',
      fieldErrors: { universityId: 'validation.universityRequired' },
    });
    await expectNothingFor('nouni@akane.waseda.jp');
  });
});

describe('student registration: addresses already in use', () => {
  it('refuses an existing user, a pending invitation and a recent registration alike', async () => {
    await insertUser(t.app, { email: 'dup-user@keio.jp', role: 'mentor' });
    const byUser = await register('dup-user@keio.jp', { universityId: 'keio' });
    expectAlreadyInUse(byUser);
    expect(await pendingRows('dup-user@keio.jp')).toHaveLength(0);
    expect(await mailsTo('dup-user@keio.jp')).toHaveLength(0);

    await insertInvitation('dup-invited@keio.jp', { inviteCode: 'ABC234' });
    const byInvitation = await register('dup-invited@keio.jp', { universityId: 'keio' });
    expectAlreadyInUse(byInvitation);
    expect(await pendingRows('dup-invited@keio.jp')).toHaveLength(0);
    expect(await mailsTo('dup-invited@keio.jp')).toHaveLength(0);

    expect((await register('dup-pending@keio.jp', { universityId: 'keio' })).statusCode).toBe(200);
    const byPending = await register('dup-pending@keio.jp', {
      universityId: 'keio',
      name: '別人',
    });
    expectAlreadyInUse(byPending);
    expect(await pendingRows('dup-pending@keio.jp')).toHaveLength(1);
    expect(await mailsTo('dup-pending@keio.jp')).toHaveLength(1);
    // The refused second form did not overwrite the first.
    expect((await pendingRows('dup-pending@keio.jp'))[0]!.data).toMatchObject({
      name: '山田 花子',
    });

    // One answer for all three sources: the response does not tell which one it was.
    expect(byUser.json()).toEqual(byInvitation.json());
    expect(byUser.json()).toEqual(byPending.json());
  });

  it('refuses an existing user whatever the letter case of the submitted address', async () => {
    await insertUser(t.app, { email: 'dup-case@keio.jp', role: 'student' });
    expectAlreadyInUse(await register('DUP-Case@Keio.JP', { universityId: 'keio' }));
  });

  it('is no longer blocked by an expired invitation', async () => {
    // Still marked pending but past its expiry, and one already marked expired.
    await insertInvitation('late-invite@keio.jp', {
      inviteCode: 'ABC235',
      expiresAt: new Date(Date.now() - 1000),
    });
    await insertInvitation('late-invite@keio.jp', {
      inviteCode: 'ABC236',
      status: 'expired',
      expiresAt: new Date(Date.now() - HOUR),
    });
    const response = await register('late-invite@keio.jp', { universityId: 'keio' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await pendingRows('late-invite@keio.jp')).toHaveLength(1);
  });

  it('is not blocked by a used invitation of an account that no longer exists', async () => {
    // Invited, signed up, then withdrew within the week: the invitation is no longer pending.
    await insertInvitation('withdrawn@keio.jp', {
      inviteCode: 'ABC237',
      status: 'completed',
      completedAt: new Date(),
    });
    const response = await register('withdrawn@keio.jp', { universityId: 'keio' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('is no longer blocked by a pending registration older than 24 hours, whose link dies', async () => {
    const email = 'stale@akane.waseda.jp';
    const oldToken = await registerAndGetToken(email, { name: '古い 登録' });
    await t.app.ctx.db.execute(
      sql`update pending_registrations set created_at = now() - interval '25 hours' where email = ${email}`,
    );
    const again = await register(email, { name: '新しい 登録' });
    expect(again.statusCode, again.body).toBe(200);
    const rows = await pendingRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ name: '新しい 登録' });
    expect(await mailsTo(email)).toHaveLength(2);

    const old = await completeLink(oldToken, email);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'auth/invalid-link' });

    const newToken = tokenFromMail(await registrationMail(email));
    expect(newToken).not.toBe(oldToken);
    const completed = await completeLink(newToken, email);
    expect(completed.statusCode, completed.body).toBe(200);
    const profile = (await get('/api/students/me', sessionCookieOf(completed))).json();
    expect(profile.name).toBe('新しい 登録');
  });

  it('still blocks a pending registration just under 24 hours old', async () => {
    const email = 'almost@akane.waseda.jp';
    expect((await register(email)).statusCode).toBe(200);
    await t.app.ctx.db.execute(
      sql`update pending_registrations set created_at = now() - interval '23 hours 50 minutes' where email = ${email}`,
    );
    expectAlreadyInUse(await register(email));
  });
});

describe('student registration: following the link', () => {
  it('refuses a replayed link and creates the student only once', async () => {
    const email = 'replay@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const first = await completeLink(token, email);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await completeLink(token, email);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: 'auth/invalid-link',
      message: ja.errors['auth/invalid-link'],
    });
    expect(replay.cookies.find((c) => c.name === 'og_session')).toBeUndefined();
    // A used link is invalid whatever address is typed with it.
    const replayOther = await completeLink(token, 'other@akane.waseda.jp');
    expect(replayOther.json()).toMatchObject({ code: 'auth/invalid-link' });
    expect(await userRows(email)).toHaveLength(1);
    expect(await studentRows(email)).toHaveLength(1);
  });

  it('refuses a link past 24 hours and creates no user', async () => {
    const email = 'expired@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const past = new Date(Date.now() - 1000);
    await t.app.ctx.db
      .update(signInTokens)
      .set({ expiresAt: past })
      .where(eq(signInTokens.email, email));
    await t.app.ctx.db
      .update(pendingRegistrations)
      .set({ expiresAt: past })
      .where(eq(pendingRegistrations.email, email));
    const response = await completeLink(token, email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-link' });
    // Expired is expired, whatever address is typed with it.
    const other = await completeLink(token, 'other@akane.waseda.jp');
    expect(other.json()).toMatchObject({ code: 'auth/invalid-link' });
    expect(await userRows(email)).toHaveLength(0);
    expect(await studentRows(email)).toHaveLength(0);
  });

  it('refuses a link whose pending registration has expired even if the token has not', async () => {
    const email = 'pending-expired@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    await t.app.ctx.db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.email, email));
    const response = await completeLink(token, email);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-link' });
    expect(await userRows(email)).toHaveLength(0);
  });

  it('refuses the link with another address, creating nothing and leaving the link usable', async () => {
    const email = 'owner@akane.waseda.jp';
    const token = await registerAndGetToken(email);
    const wrong = await completeLink(token, 'someone-else@akane.waseda.jp');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'auth/email-mismatch',
      message: ja.errors['auth/email-mismatch'],
    });
    expect(wrong.cookies.find((c) => c.name === 'og_session')).toBeUndefined();
    expect(await userRows(email)).toHaveLength(0);
    expect(await userRows('someone-else@akane.waseda.jp')).toHaveLength(0);
    expect(await pendingRows(email)).toHaveLength(1);

    const right = await completeLink(token, email);
    expect(right.statusCode, right.body).toBe(200);
    expect(await userRows(email)).toHaveLength(1);
  });

  it('refuses when the address became a user meanwhile, creating no student', async () => {
    const email = 'meanwhile@keio.jp';
    const token = await registerAndGetToken(email, { universityId: 'keio' });
    await insertUser(t.app, { email, role: 'mentor' });
    const response = await completeLink(token, email);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'auth/email-already-registered' });
    expect(await userRows(email)).toHaveLength(1);
    expect(await studentRows(email)).toHaveLength(0);
  });
});

describe('student registration: abuse and bad input', () => {
  it('lets exactly one of two simultaneous submits for one address through', async () => {
    // A few addresses, since a race lost by timing luck alone would hide a missing lock.
    for (let i = 0; i < 5; i++) {
      const email = `race-${i}@akane.waseda.jp`;
      const results = await Promise.all([register(email), register(email, { name: '二重 送信' })]);
      expect(results.map((r) => r.statusCode).sort(), email).toEqual([200, 409]);
      expectAlreadyInUse(results.find((r) => r.statusCode === 409)!);
      expect(await pendingRows(email)).toHaveLength(1);
      expect(await tokenRows(email)).toHaveLength(1);
      expect(await mailsTo(email)).toHaveLength(1);
    }
  });

  it('answers a filled honeypot as if sent, but keeps and sends nothing', async () => {
    const email = 'bot@akane.waseda.jp';
    const response = await register(email, { website: 'https://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    await expectNothingFor(email);
  });

  it('limits attempts per address: the sixth within an hour is refused with 429', async () => {
    const email = 'flood@akane.waseda.jp';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      clientIp = `10.250.0.${i + 1}`;
      statuses.push((await register(email)).statusCode);
    }
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    clientIp = '10.250.0.99';
    const refused = await register(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'auth/too-many-requests',
      message: ja.errors['auth/too-many-requests'],
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('limits attempts per client across addresses', async () => {
    for (let i = 0; i < REGISTRATION_LIMITS.perClient.max; i++) {
      // Wrong domain: counted, refused, nothing stored.
      expect((await register(`client-${i}@keio.jp`)).statusCode).toBe(403);
    }
    const refused = await register('client-20@akane.waseda.jp');
    expect(refused.statusCode).toBe(429);
    await expectNothingFor('client-20@akane.waseda.jp');
  });

  it('answers invalid fields 400 with field errors from the catalogue, never 500', async () => {
    const email = 'invalid@akane.waseda.jp';
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ grade: 'x' }, { grade: 'validation.gradeRequired' }],
      [{ grade: '7年' }, { grade: 'validation.gradeRequired' }],
      [{ termsAccepted: false }, { termsAccepted: 'validation.termsRequired' }],
      [{ termsAccepted: undefined }, { termsAccepted: 'validation.termsRequired' }],
      [{ name: '   ' }, { name: 'validation.nameRequired' }],
      [{ studentNumber: '' }, { studentNumber: 'validation.studentNumberRequired' }],
      [{ universityId: '' }, { universityId: 'validation.universityRequired' }],
      [{ faculty: undefined }, { faculty: 'validation.facultyRequired' }],
      [{ department: '\u3000' }, { department: 'validation.departmentRequired' }],
      [{ email: 'a@b' }, { email: 'validation.emailInvalid' }],
      [{ email: undefined }, { email: 'validation.emailRequired' }],
      [{ name: 'あ'.repeat(101) }, { name: 'validation.textTooLong' }],
      [{ nameReading: undefined }, { nameReading: 'validation.nameReadingRequired' }],
      [{ nameReading: '山田' }, { nameReading: 'validation.nameReadingKana' }],
    ];
    for (const [overrides, fieldErrors] of cases) {
      const response = await register(email, overrides);
      const label = JSON.stringify(overrides).slice(0, 60);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual({
        code: 'invalid-argument',
        message: ja.errors['invalid-argument'],
        fieldErrors,
      });
    }

    const empty = await post('/api/registrations/student', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({
      name: 'validation.nameRequired',
      nameReading: 'validation.nameReadingRequired',
      studentNumber: 'validation.studentNumberRequired',
      universityId: 'validation.universityRequired',
      faculty: 'validation.facultyRequired',
      department: 'validation.departmentRequired',
      grade: 'validation.gradeRequired',
      email: 'validation.emailRequired',
      termsAccepted: 'validation.termsRequired',
    });
    for (const key of Object.values(empty.json().fieldErrors as Record<string, string>)) {
      expect(ja.validation[key.replace(/^validation\./, '') as keyof typeof ja.validation]).toEqual(
        expect.any(String),
      );
    }
    await expectNothingFor(email);
  });

  it('answers a body that is not JSON, or not an object, with a 4xx and never 500', async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/registrations/student',
      payload: '{"name": "山田", ',
      headers: { 'content-type': 'application/json' },
      remoteAddress: clientIp,
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'invalid-argument' });

    for (const payload of ['[]', 'null', '"text"', '42']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/registrations/student',
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: clientIp,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toMatchObject({ code: 'invalid-argument' });
    }

    const plainText = await t.app.inject({
      method: 'POST',
      url: '/api/registrations/student',
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: clientIp,
    });
    expect(plainText.statusCode).toBeGreaterThanOrEqual(400);
    expect(plainText.statusCode).toBeLessThan(500);
    expect(plainText.json()).toHaveProperty('code');
  });
});
