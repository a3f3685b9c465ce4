import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  INVITATION_HISTORY_LIMIT,
  INVITATION_TTL_MS,
  INVITE_CODE_ALPHABET,
  MENTOR_INVITATION_QUOTA,
} from '../../shared/constants';
import type { ErrorCode } from '../../shared/errors';
import { ja } from '../../shared/messages/ja';
import type { Role } from '../../shared/roles';
import { createSession } from '../credentials/sessions';
import { invitations, mentors } from '../db/schema';
import { runMaintenance } from '../maintenance';
import {
  createTestApp,
  inviteCodeFromMail,
  signIn,
  insertUser,
  latestMailTo,
  TEST_ORIGIN,
  type DevMail,
  type TestApp,
} from '../test/app';

let t: TestApp;
let clientCounter = 0;
/** Each test (and each sign-in) speaks from its own address, so per-client limits never meet. */
let clientIp: string;

function nextIp(): string {
  clientCounter++;
  return `10.2.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clientIp = nextIp();
});

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

interface InvitationBody {
  id: string;
  email: string;
  /** In an admin's answers only. */
  inviteCode: string;
  status: 'pending' | 'completed' | 'expired';
  role: 'mentor' | 'mentor_pending';
  /** In an admin's answers only. */
  invitationUrl: string;
  createdAt: string;
  expiresAt: string;
}

interface HistoryBody {
  invitations: InvitationBody[];
  quota: { limit: number | null; remaining: number | null };
}

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

let userCounter = 0;
function uniqueEmail(prefix: string): string {
  userCounter++;
  return `${prefix}-${userCounter}@example.com`;
}

/** Signs in the way a person does (link mailed, link followed), from its own client address. */
async function signInAs(email: string): Promise<string> {
  return signIn(t.app, email, nextIp());
}

async function newUser(role: Role, prefix: string = role) {
  const email = uniqueEmail(prefix);
  const user = await insertUser(t.app, { email, role });
  const cookie = await signInAs(email);
  return { ...user, cookie };
}

function invite(cookie: string | undefined, email: string, role?: string) {
  return post('/api/invitations', role === undefined ? { email } : { email, role }, cookie);
}

/** Invites and expects success; returns the created invitation. */
async function invited(cookie: string, email: string, role?: string): Promise<InvitationBody> {
  const response = await invite(cookie, email, role);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as InvitationBody;
}

async function history(cookie: string): Promise<HistoryBody> {
  const response = await get('/api/invitations', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HistoryBody;
}

function lookup(query: Record<string, string>) {
  return get(`/api/invitations/lookup?${new URLSearchParams(query).toString()}`);
}

function rowsFor(email: string) {
  return t.app.ctx.db.select().from(invitations).where(eq(invitations.email, email));
}

async function rowById(id: string) {
  const [row] = await t.app.ctx.db.select().from(invitations).where(eq(invitations.id, id));
  return row!;
}

async function mailsTo(email: string): Promise<DevMail[]> {
  await t.app.ctx.outbox.drain();
  const response = await t.app.inject({ method: 'GET', url: '/_dev/mail' });
  return (response.json() as DevMail[]).filter((mail) => mail.to === email);
}

function expectError(response: Response, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code, message: ja.errors[code] });
}

/** Moves an invitation's expiry by SQL relative to the database clock. */
async function setExpiry(id: string, interval: string) {
  await t.app.ctx.db
    .update(invitations)
    .set({ expiresAt: sql`now() + ${interval}::interval` })
    .where(eq(invitations.id, id));
}

async function markCompleted(id: string) {
  await t.app.ctx.db
    .update(invitations)
    .set({ status: 'completed', completedAt: new Date() })
    .where(eq(invitations.id, id));
}

const CODE_PATTERN = new RegExp(`^[${INVITE_CODE_ALPHABET}]{6}$`);

// ---------------------------------------------------------------------------------------------

describe('a mentor invites', () => {
  it('creates a mentor invitation, mails link and code, 7 days, history at once, quota 3→2', async () => {
    const mentor = await newUser('mentor');
    expect(await history(mentor.cookie)).toEqual({
      invitations: [],
      quota: { limit: MENTOR_INVITATION_QUOTA, remaining: 3 },
    });

    const before = Date.now();
    // A mentor asking for mentor_pending still invites as mentor.
    const created = await invited(mentor.cookie, '  Guest.One@Example.COM ', 'mentor_pending');
    const after = Date.now();
    expect(created).toMatchObject({
      email: 'guest.one@example.com',
      role: 'mentor',
      status: 'pending',
    });
    // The code and its link are for the invitee's mailbox only (issue 54, point 2).
    expect(created).not.toHaveProperty('inviteCode');
    expect(created).not.toHaveProperty('invitationUrl');

    const expiresAt = new Date(created.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + INVITATION_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(after + INVITATION_TTL_MS);
    expect(INVITATION_TTL_MS).toBe(604_800_000);

    const row = await rowById(created.id);
    expect(row).toMatchObject({
      role: 'mentor',
      status: 'pending',
      inviterId: mentor.id,
      completedAt: null,
      expiredAt: null,
      userId: null,
    });
    expect(row!.inviteCode).toMatch(CODE_PATTERN);

    const mail = await latestMailTo(t.app, 'guest.one@example.com');
    expect(mail, 'invitation mail').toBeDefined();
    expect(mail!.subject).toContain('招待');
    const url = new URL(row!.invitationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}/mentor-register`);
    expect(url.searchParams.get('email')).toBe('guest.one@example.com');
    expect(url.searchParams.get('code')).toBe(row!.inviteCode);
    expect(mail!.links).toContain(row!.invitationUrl);
    expect(mail!.text).toContain(row!.invitationUrl);
    expect(mail!.text).toContain(row!.inviteCode);

    const shown = await history(mentor.cookie);
    expect(shown.quota).toEqual({ limit: 3, remaining: 2 });
    expect(shown.invitations).toEqual([
      {
        id: created.id,
        email: 'guest.one@example.com',
        status: 'pending',
        role: 'mentor',
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
      },
    ]);

    const second = await invited(mentor.cookie, 'guest.two@example.com');
    const next = await history(mentor.cookie);
    expect(next.invitations.map((i) => i.id)).toEqual([second.id, created.id]);
    expect(next.quota).toEqual({ limit: 3, remaining: 1 });
  });

  it('shows an admin the code and its link, in the answer and the history', async () => {
    const admin = await newUser('admin');
    const created = await invited(admin.cookie, uniqueEmail('admin-invitee'), 'mentor');
    const row = await rowById(created.id);
    expect(created).toMatchObject({
      inviteCode: row!.inviteCode,
      invitationUrl: row!.invitationUrl,
    });
    expect((await history(admin.cookie)).invitations[0]).toMatchObject({
      id: created.id,
      inviteCode: row!.inviteCode,
      invitationUrl: row!.invitationUrl,
    });
  });
});

describe('quota', () => {
  it('refuses a fourth pending invitation with 403, keeping no row and sending no mail', async () => {
    const mentor = await newUser('mentor');
    for (const n of [1, 2, 3]) await invited(mentor.cookie, `q${n}-${mentor.id}@example.com`);
    expect((await history(mentor.cookie)).quota).toEqual({ limit: 3, remaining: 0 });

    const email = `q4-${mentor.id}@example.com`;
    expectError(await invite(mentor.cookie, email), 403, 'invitation/quota-exceeded');
    expect(await rowsFor(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await history(mentor.cookie)).invitations).toHaveLength(3);
  });

  it('frees a place when one expires; the expired one stays in the history as expired', async () => {
    const mentor = await newUser('mentor');
    const first = await invited(mentor.cookie, `e1-${mentor.id}@example.com`);
    await invited(mentor.cookie, `e2-${mentor.id}@example.com`);
    await invited(mentor.cookie, `e3-${mentor.id}@example.com`);
    expectError(
      await invite(mentor.cookie, `e4-${mentor.id}@example.com`),
      403,
      'invitation/quota-exceeded',
    );

    await setExpiry(first.id, '-1 minute');
    const shown = await history(mentor.cookie);
    expect(shown.quota).toEqual({ limit: 3, remaining: 1 });
    const expired = shown.invitations.find((i) => i.id === first.id);
    expect(expired).toMatchObject({ status: 'expired' });
    const row = await rowById(first.id);
    expect(row.status).toBe('expired');
    expect(row.expiredAt).toBeInstanceOf(Date);

    await invited(mentor.cookie, `e4-${mentor.id}@example.com`);
    expectError(
      await invite(mentor.cookie, `e5-${mentor.id}@example.com`),
      403,
      'invitation/quota-exceeded',
    );
    const after = await history(mentor.cookie);
    expect(after.invitations).toHaveLength(4);
    expect(after.quota.remaining).toBe(0);
  });

  it('frees a place when one is completed; the completed one leaves the history', async () => {
    const mentor = await newUser('mentor');
    const first = await invited(mentor.cookie, `c1-${mentor.id}@example.com`);
    await invited(mentor.cookie, `c2-${mentor.id}@example.com`);
    await invited(mentor.cookie, `c3-${mentor.id}@example.com`);

    await markCompleted(first.id);
    const shown = await history(mentor.cookie);
    expect(shown.quota).toEqual({ limit: 3, remaining: 1 });
    expect(shown.invitations.map((i) => i.id)).not.toContain(first.id);
    expect(shown.invitations).toHaveLength(2);

    await invited(mentor.cookie, `c4-${mentor.id}@example.com`);
    expectError(
      await invite(mentor.cookie, `c5-${mentor.id}@example.com`),
      403,
      'invitation/quota-exceeded',
    );
  });

  it('lets an admin invite without limit and choose the role (absent: mentor_pending)', async () => {
    const admin = await newUser('admin');
    const made: InvitationBody[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      made.push(await invited(admin.cookie, `adm${n}-${admin.id}@example.com`));
    }
    expect(made.map((i) => i.role)).toEqual(Array(5).fill('mentor_pending'));
    const asMentor = await invited(admin.cookie, `adm-m-${admin.id}@example.com`, 'mentor');
    const asPending = await invited(
      admin.cookie,
      `adm-p-${admin.id}@example.com`,
      'mentor_pending',
    );
    expect(asMentor.role).toBe('mentor');
    expect(asPending.role).toBe('mentor_pending');
    expect((await rowById(asMentor.id)).role).toBe('mentor');
    expect((await rowById(asPending.id)).role).toBe('mentor_pending');

    const shown = await history(admin.cookie);
    expect(shown.quota).toEqual({ limit: null, remaining: null });
    expect(shown.invitations).toHaveLength(7);
  });

  it('refuses a role other than mentor or mentor_pending', async () => {
    const admin = await newUser('admin');
    const email = `adm-bad-${admin.id}@example.com`;
    for (const role of ['admin', 'student']) {
      const response = await invite(admin.cookie, email, role);
      expectError(response, 400, 'invalid-argument');
    }
    expect(await rowsFor(email)).toHaveLength(0);
  });
});

describe('refusals', () => {
  it('refuses an invalid address with 400 and the invite form message', async () => {
    const mentor = await newUser('mentor');
    for (const email of ['not-an-email', 'a@b', 'two@@example.com', 'sp ace@example.com']) {
      const response = await invite(mentor.cookie, email);
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid-argument',
        fieldErrors: { email: 'validation.inviteEmailInvalid' },
      });
    }
    const empty = await invite(mentor.cookie, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ email: 'validation.emailRequired' });
    expect(ja.validation.inviteEmailInvalid).toBe('有効なメールアドレスを入力してください。');
    expect((await history(mentor.cookie)).quota.remaining).toBe(3);
  });

  it('refuses an address that is a user, or an alumnus contact address, with 409', async () => {
    const mentor = await newUser('mentor');
    const student = await insertUser(t.app, { email: uniqueEmail('taken'), role: 'student' });
    const other = await insertUser(t.app, { email: uniqueEmail('alumna'), role: 'mentor' });
    const contact = uniqueEmail('contact');
    await t.app.ctx.db.insert(mentors).values({
      userId: other.id,
      name: '既存 OG',
      universityName: '早稲田大学',
      graduationYear: 2010,
      industry: 'その他',
      company: '既存株式会社',
      contactEmail: contact,
      message: 'よろしく',
      urlParam: other.id,
    });

    for (const email of [student.email, student.email.toUpperCase(), other.email, contact]) {
      const response = await invite(mentor.cookie, email);
      expectError(response, 409, 'invitation/already-registered-as-mentor');
      expect(await rowsFor(email.toLowerCase())).toHaveLength(0);
    }
    expect(await mailsTo(contact)).toHaveLength(0);
    expect((await history(mentor.cookie)).quota.remaining).toBe(3);
  });

  it('invites an address typed as an alumna’s contact but never confirmed (not hers to hold)', async () => {
    const mentor = await newUser('mentor');
    const other = await insertUser(t.app, { email: uniqueEmail('alumna'), role: 'mentor' });
    const someoneElse = uniqueEmail('someone-else');
    await t.app.ctx.db.insert(mentors).values({
      userId: other.id,
      name: '既存 OG',
      universityName: '早稲田大学',
      graduationYear: 2010,
      industry: 'その他',
      company: '既存株式会社',
      contactEmail: someoneElse,
      contactEmailConfirmedAt: null,
      message: 'よろしく',
      urlParam: other.id,
    });

    expect((await invite(mentor.cookie, someoneElse)).statusCode).toBe(201);
    expect(await rowsFor(someoneElse)).toHaveLength(1);
  });

  it('refuses an address with a pending invitation from anyone with 409', async () => {
    const first = await newUser('mentor');
    const second = await newUser('mentor');
    const admin = await newUser('admin');
    const email = uniqueEmail('twice');
    await invited(first.cookie, email);

    for (const cookie of [first.cookie, second.cookie, admin.cookie]) {
      expectError(await invite(cookie, email.toUpperCase()), 409, 'invitation/already-invited');
    }
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await history(second.cookie)).quota.remaining).toBe(3);
  });

  it('lets an address be invited again once its invitation has expired', async () => {
    const mentor = await newUser('mentor');
    const email = uniqueEmail('again');
    const first = await invited(mentor.cookie, email);
    await setExpiry(first.id, '-1 second');
    const second = await invited(mentor.cookie, email);
    expect(second.id).not.toBe(first.id);
    expect((await rowById(first.id)).status).toBe('expired');
  });

  it('refuses students, mentor_pending users, unverified and anonymous callers', async () => {
    const student = await newUser('student');
    const pending = await newUser('mentor_pending');
    const email = uniqueEmail('nobody-invites');

    for (const cookie of [student.cookie, pending.cookie]) {
      expectError(await invite(cookie, email), 403, 'permission-denied');
      expectError(await get('/api/invitations', cookie), 403, 'permission-denied');
    }
    expectError(await invite(undefined, email), 401, 'auth/unauthenticated');
    expectError(await get('/api/invitations'), 401, 'auth/unauthenticated');

    const unverified = await insertUser(t.app, {
      email: uniqueEmail('unverified-mentor'),
      role: 'mentor',
      emailVerified: false,
    });
    const session = `og_session=${await createSession(t.app.ctx.db, unverified.id)}`;
    expectError(await invite(session, email), 403, 'auth/email-not-verified');

    expect(await rowsFor(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('history', () => {
  it('shows at most 20, newest first, and only the inviter’s own', async () => {
    const admin = await newUser('admin');
    const other = await newUser('mentor');
    const theirs = await invited(other.cookie, uniqueEmail('theirs'));

    const start = Date.now() - 60 * 60_000;
    const rows: (typeof invitations.$inferInsert)[] = Array.from({ length: 25 }, (_, n) => ({
      email: `hist${n}-${admin.id}@example.com`,
      inviteCode: `HST${INVITE_CODE_ALPHABET[n]}ZZ`,
      role: 'mentor' as const,
      // The newest one is used: a used invitation never appears.
      status: n === 24 ? ('completed' as const) : ('pending' as const),
      inviterId: admin.id,
      invitationUrl: 'x',
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      createdAt: new Date(start + n * 1000),
    }));
    await t.app.ctx.db.insert(invitations).values(rows);

    const shown = await history(admin.cookie);
    expect(shown.invitations).toHaveLength(INVITATION_HISTORY_LIMIT);
    expect(INVITATION_HISTORY_LIMIT).toBe(20);
    const expected = rows
      .slice(0, 24)
      .reverse()
      .slice(0, 20)
      .map((r) => r.email);
    expect(shown.invitations.map((i) => i.email)).toEqual(expected);
    expect(shown.invitations.map((i) => i.id)).not.toContain(theirs.id);

    const otherShown = await history(other.cookie);
    expect(otherShown.invitations.map((i) => i.id)).toEqual([theirs.id]);
  });
});

describe('invite codes', () => {
  it('are 6 characters of the unambiguous alphabet, and distinct', async () => {
    const admin = await newUser('admin');
    const codes: string[] = [];
    for (let n = 0; n < 40; n++) {
      codes.push((await invited(admin.cookie, `code${n}-${admin.id}@example.com`)).inviteCode);
    }
    expect(INVITE_CODE_ALPHABET).toBe('ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
    for (const code of codes) {
      expect(code).toMatch(CODE_PATTERN);
      expect(code).not.toMatch(/[01IO]/);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('GET /api/invitations/lookup', () => {
  let mentor: Awaited<ReturnType<typeof newUser>>;
  beforeAll(async () => {
    mentor = await newUser('mentor', 'lookup-inviter');
  });

  /** A fresh invitation, made by an admin so the mentor's quota never runs out. */
  async function fresh(role?: string) {
    const admin = await newUser('admin', 'lookup-admin');
    return invited(admin.cookie, uniqueEmail('lookup'), role);
  }

  it('finds the invitation by address and code (any letter case), without a session', async () => {
    const invitation = await invited(mentor.cookie, uniqueEmail('look'));
    const code = inviteCodeFromMail((await latestMailTo(t.app, invitation.email))!);
    const response = await lookup({ email: invitation.email, code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ email: invitation.email, role: 'mentor' });

    const loose = await lookup({
      email: ` ${invitation.email.toUpperCase()} `,
      code: ` ${code.toLowerCase()} `,
    });
    expect(loose.statusCode, loose.body).toBe(200);
    expect(loose.json()).toEqual({ email: invitation.email, role: 'mentor' });

    const adminMade = await fresh();
    expect((await lookup({ email: adminMade.email, code: adminMade.inviteCode })).json()).toEqual({
      email: adminMade.email,
      role: 'mentor_pending',
    });
  });

  it('never reveals the invited address for a code alone (the older link form)', async () => {
    const invitation = await fresh('mentor');
    const codeOnly: Record<string, string>[] = [
      { code: invitation.inviteCode },
      { code: invitation.inviteCode, email: '' },
      { code: invitation.inviteCode, email: '   ' },
    ];
    for (const query of codeOnly) {
      const response = await lookup(query);
      expectError(response, 400, 'invitation/invalid-link');
      expect(response.body).not.toContain(invitation.email);
    }
    // The page asks the invitee for the address and checks the pair.
    const pair = await lookup({ email: invitation.email, code: invitation.inviteCode });
    expect(pair.json()).toEqual({ email: invitation.email, role: 'mentor' });
  });

  it('refuses a malformed address as the format error', async () => {
    const invitation = await fresh();
    for (const email of [`${invitation.email},x@example.com`, `<${invitation.email}>`]) {
      const response = await lookup({ email, code: invitation.inviteCode });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid-argument',
        fieldErrors: { email: 'validation.emailInvalid' },
      });
    }
  });

  it('limits pair checks per client, so codes and addresses cannot be guessed', async () => {
    const invitation = await fresh();
    const guess = (remoteAddress: string, n: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/invitations/lookup?${new URLSearchParams({ email: `guess${n}@example.com`, code: invitation.inviteCode }).toString()}`,
        remoteAddress,
      });
    for (let n = 0; n < 60; n++) {
      expect((await guess('198.51.100.77', n)).statusCode).toBe(404);
    }
    expectError(await guess('198.51.100.77', 60), 429, 'auth/too-many-requests');
    expect((await guess('198.51.100.78', 0)).statusCode).toBe(404);
  });

  it('answers 400 invitation/invalid-link when the code is missing', async () => {
    const invitation = await fresh();
    const queries: Record<string, string>[] = [
      { email: invitation.email },
      { email: invitation.email, code: '' },
      {},
    ];
    for (const query of queries) {
      expectError(await lookup(query), 400, 'invitation/invalid-link');
    }
    expectError(
      await lookup({ email: '', code: invitation.inviteCode }),
      400,
      'invitation/invalid-link',
    );
    expect(ja.errors['invitation/invalid-link']).toContain('招待リンクが正しくありません');
  });

  it('answers 404 invitation/invalid-or-used for a wrong code or a wrong address', async () => {
    const invitation = await fresh();
    const other = await fresh();
    const wrongCode = invitation.inviteCode === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    const queries: Record<string, string>[] = [
      { email: invitation.email, code: wrongCode },
      { email: 'someone-else@example.com', code: invitation.inviteCode },
      // Both real, but not of one invitation.
      { email: invitation.email, code: other.inviteCode },
    ];
    for (const query of queries) {
      expectError(await lookup(query), 404, 'invitation/invalid-or-used');
    }
    // Still usable afterwards.
    expect(
      (await lookup({ email: invitation.email, code: invitation.inviteCode })).statusCode,
    ).toBe(200);
  });

  it('answers 410 invitation/expired once past expiry, and marks the row expired', async () => {
    const invitation = await fresh();
    await setExpiry(invitation.id, '-1 hour');
    expect((await rowById(invitation.id)).status).toBe('pending');

    expectError(
      await lookup({ email: invitation.email, code: invitation.inviteCode }),
      410,
      'invitation/expired',
    );
    const row = await rowById(invitation.id);
    expect(row.status).toBe('expired');
    expect(row.expiredAt).toBeInstanceOf(Date);
    // The code alone says nothing about it.
    expectError(await lookup({ code: invitation.inviteCode }), 400, 'invitation/invalid-link');
  });

  it('treats 1 ms past expiry as expired and one minute before as valid', async () => {
    const valid = await fresh();
    await setExpiry(valid.id, '1 minute');
    expect((await lookup({ email: valid.email, code: valid.inviteCode })).statusCode).toBe(200);

    const overdue = await fresh();
    await setExpiry(overdue.id, '-1 millisecond');
    expectError(
      await lookup({ email: overdue.email, code: overdue.inviteCode }),
      410,
      'invitation/expired',
    );
    expect((await rowById(valid.id)).status).toBe('pending');
  });

  it('answers 404 for a used (completed) invitation', async () => {
    const invitation = await fresh();
    await markCompleted(invitation.id);
    expectError(
      await lookup({ email: invitation.email, code: invitation.inviteCode }),
      404,
      'invitation/invalid-or-used',
    );
    expectError(await lookup({ code: invitation.inviteCode }), 400, 'invitation/invalid-link');
    expect((await rowById(invitation.id)).status).toBe('completed');
  });
});

describe('hourly maintenance', () => {
  it('expires overdue pending invitations and leaves the others alone', async () => {
    const admin = await newUser('admin');
    const overdue = await invited(admin.cookie, uniqueEmail('maint-overdue'));
    const valid = await invited(admin.cookie, uniqueEmail('maint-valid'));
    const used = await invited(admin.cookie, uniqueEmail('maint-used'));
    await setExpiry(overdue.id, '-1 second');
    await markCompleted(used.id);
    await setExpiry(used.id, '-1 second');

    await runMaintenance(t.app.ctx);

    const overdueRow = await rowById(overdue.id);
    expect(overdueRow.status).toBe('expired');
    expect(overdueRow.expiredAt).toBeInstanceOf(Date);
    expect(await rowById(valid.id)).toMatchObject({ status: 'pending', expiredAt: null });
    expect(await rowById(used.id)).toMatchObject({ status: 'completed', expiredAt: null });
  });
});

describe('concurrency', () => {
  it('never lets concurrent creates by one mentor exceed the quota', async () => {
    const mentor = await newUser('mentor');
    await invited(mentor.cookie, `race0-${mentor.id}@example.com`);

    const responses = await Promise.all(
      [1, 2, 3].map((n) => invite(mentor.cookie, `race${n}-${mentor.id}@example.com`)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([201, 201, 403]);
    const refused = responses.find((r) => r.statusCode === 403)!;
    expect(refused.json()).toMatchObject({ code: 'invitation/quota-exceeded' });

    const pending = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.inviterId, mentor.id), eq(invitations.status, 'pending')));
    expect(pending).toHaveLength(MENTOR_INVITATION_QUOTA);
    expect((await history(mentor.cookie)).quota.remaining).toBe(0);
  });

  it('never lets two concurrent invitations of one address both succeed', async () => {
    const first = await newUser('mentor');
    const second = await newUser('admin');
    const email = uniqueEmail('race-address');
    const responses = await Promise.all([
      invite(first.cookie, email),
      invite(second.cookie, email),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await rowsFor(email)).toHaveLength(1);
  });
});
