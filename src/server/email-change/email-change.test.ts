import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  emailChanges,
  invitations,
  mentors,
  pendingRegistrations,
  sessions,
  users,
} from '../db/schema';
import { randomToken, sha256 } from '../lib/secrets';
import {
  auditEntries,
  call,
  expectError,
  insertAdmin,
  insertInvitation,
  invitationRow,
} from '../test/factories/admins';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  jpeg,
  mentorFields,
  multipartBody,
  nextIp,
} from '../test/factories/mentors';
import { DAY_MS, mailsTo } from '../test/factories/visits';
import {
  codeFromMail,
  createTestApp,
  insertUser,
  latestMailTo,
  tokenFromMail,
  type TestApp,
} from '../test/app';

/**
 * Changing the sign-in address end to end through the outbox (docs/PRODUCT.md §3): the link
 * to the new address applies it, other sessions end, the old address is told and can undo it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
const fresh = (domain = 'akane.waseda.jp') => `moved-${++sequence}@${domain}`;

/** The token of the last mail to `to` with a link to `path`. */
async function tokenMailedTo(to: string, path: string): Promise<string> {
  const mail = (await mailsTo(t.app, to)).at(-1);
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!match) throw new Error(`no ${path} link mailed to ${to}`);
  return match[1]!;
}

async function sessionEmail(cookie: string): Promise<string | null> {
  const response = await call(t.app, cookie, 'GET', '/api/auth/session');
  return (response.json() as { user: { email: string } | null }).user?.email ?? null;
}

async function emailOf(userId: string): Promise<string> {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, userId));
  return row!.email;
}

describe('changing the sign-in address', () => {
  it('applies when the new address’s link is followed; other sessions end; the old address can undo it', async () => {
    const { user } = await insertStudent(t.app);
    const here = await cookieFor(t.app, user.id);
    const elsewhere = await cookieFor(t.app, user.id);
    const next = fresh();

    const asked = await call(t.app, here, 'POST', '/api/me/email-change', { email: next });
    expect(asked.statusCode).toBe(200);
    // Nothing changes before the link is followed.
    expect(await emailOf(user.id)).toBe(user.email);
    const token = await tokenMailedTo(next, '/email-change');
    expect((await mailsTo(t.app, next)).at(-1)!.subject).toBe(
      '【OGコネクト】メールアドレス変更の確認',
    );

    const confirmed = await call(t.app, here, 'POST', '/api/email-change/confirm', { token });
    expect(confirmed.json()).toEqual({ email: next });
    expect(await emailOf(user.id)).toBe(next);
    expect(await sessionEmail(here)).toBe(next);
    expect(await sessionEmail(elsewhere)).toBeNull();
    expect(await auditEntries(t.app, 'account.email-change', user.id)).toHaveLength(1);
    // A link works once.
    expectError(
      await call(t.app, here, 'POST', '/api/email-change/confirm', { token }),
      400,
      'auth/invalid-link',
    );

    // The old address is told, without a link-like address in the text, and can undo it.
    const told = (await mailsTo(t.app, user.email)).at(-1)!;
    expect(told.subject).toBe('【OGコネクト】ログイン用メールアドレスが変更されました');
    expect(told.text).not.toContain(next);
    const undo = await tokenMailedTo(user.email, '/email-change/undo');
    const undone = await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo });
    expect(undone.json()).toEqual({ email: user.email });
    expect(await emailOf(user.id)).toBe(user.email);
    // Everyone is signed out, the one who made the change too.
    expect(await sessionEmail(here)).toBeNull();
    expect(await auditEntries(t.app, 'account.email-change-undone', user.id)).toHaveLength(1);
    expectError(
      await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo }),
      400,
      'auth/invalid-link',
    );
  });

  it('keeps a student on a university address; an alumna may take any', async () => {
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    const refused = await call(t.app, cookie, 'POST', '/api/me/email-change', {
      email: fresh('gmail.com'),
    });
    expectError(refused, 400, 'invalid-argument');
    expect(refused.json().fieldErrors).toEqual({
      email: 'validation.emailChangeUniversityOnly',
    });

    const { user: mentor } = await insertMentor(t.app);
    const mentorCookie = await cookieFor(t.app, mentor.id);
    const allowed = await call(t.app, mentorCookie, 'POST', '/api/me/email-change', {
      email: fresh('gmail.com'),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses the current address, a taken one, and a link gone stale', async () => {
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    const same = await call(t.app, cookie, 'POST', '/api/me/email-change', { email: user.email });
    expect(same.json().fieldErrors).toEqual({ email: 'validation.emailSameAsCurrent' });
    const { user: other } = await insertStudent(t.app);
    expectError(
      await call(t.app, cookie, 'POST', '/api/me/email-change', { email: other.email }),
      409,
      'auth/email-already-in-use',
    );

    const next = fresh();
    await call(t.app, cookie, 'POST', '/api/me/email-change', { email: next });
    const token = await tokenMailedTo(next, '/email-change');
    await t.app.ctx.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, user.id));
    expectError(
      await call(t.app, cookie, 'POST', '/api/email-change/confirm', { token }),
      400,
      'auth/invalid-link',
    );
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('refuses at the link an address someone took meanwhile, changing nothing', async () => {
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    const next = fresh();
    await call(t.app, cookie, 'POST', '/api/me/email-change', { email: next });
    const token = await tokenMailedTo(next, '/email-change');
    await insertStudent(t.app, { email: next });
    expectError(
      await call(t.app, cookie, 'POST', '/api/email-change/confirm', { token }),
      409,
      'auth/email-already-in-use',
    );
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await sessionEmail(cookie)).toBe(user.email);
  });
});

describe('the undo link, whatever an intruder does with a stolen session', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * An intruder's copy of the owner's session moves the account to an address of theirs and
   * follows its link; the owner's old address gets the undo link.
   */
  async function movedByIntruder() {
    const { user } = await insertStudent(t.app);
    const intruder = await cookieFor(t.app, user.id);
    const theirs = fresh();
    await call(t.app, intruder, 'POST', '/api/me/email-change', { email: theirs });
    const token = await tokenMailedTo(theirs, '/email-change');
    const confirmed = await call(t.app, intruder, 'POST', '/api/email-change/confirm', { token });
    expect(confirmed.json()).toEqual({ email: theirs });
    const undo = await tokenMailedTo(user.email, '/email-change/undo');
    return { user, intruder, theirs, undo };
  }

  /** The intruder kept using the session meanwhile (it would have timed out when idle). */
  async function keptInUse(userId: string) {
    await t.app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(sessions.userId, userId));
  }

  it('refuses a second change while the first can be undone; the owner’s link puts the address back and signs everyone out', async () => {
    const { user, intruder, theirs, undo } = await movedByIntruder();
    const next = fresh();
    expectError(
      await call(t.app, intruder, 'POST', '/api/me/email-change', { email: next }),
      409,
      'email-change/undo-open',
    );
    expect(await mailsTo(t.app, next)).toEqual([]);
    expect(await emailOf(user.id)).toBe(theirs);

    const undone = await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo });
    expect(undone.json()).toEqual({ email: user.email });
    expect(await emailOf(user.id)).toBe(user.email);
    expectError(
      await call(t.app, intruder, 'GET', '/api/students/me'),
      401,
      'auth/unauthenticated',
    );
    expect(await auditEntries(t.app, 'account.email-change-undone', user.id)).toHaveLength(1);
  });

  it('takes back an alumna’s contact address the intruder set to his new sign-in address', async () => {
    const { user, mentor } = await insertMentor(t.app);
    const intruder = await cookieFor(t.app, user.id);
    const theirs = fresh('example.net');
    await call(t.app, intruder, 'POST', '/api/me/email-change', { email: theirs });
    const token = await tokenMailedTo(theirs, '/email-change');
    await call(t.app, intruder, 'POST', '/api/email-change/confirm', { token });
    // His sign-in address now, so the contact address needs no link: students see it at once.
    const saved = await call(t.app, intruder, 'PUT', '/api/mentors/me/visit-settings', {
      contactVisibility: 'signed_in',
      acceptingRequests: true,
      monthlyRequestLimit: null,
      contactEmail: theirs.toUpperCase(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { user: student } = await insertStudent(t.app);
    const studentCookie = await cookieFor(t.app, student.id);
    const shown = async () =>
      (await call(t.app, studentCookie, 'GET', `/api/mentors/${mentor.urlParam}`)).json() as {
        contactEmail: string | null;
      };
    expect((await shown()).contactEmail).toBe(theirs);

    const undo = await tokenMailedTo(user.email, '/email-change/undo');
    expect(
      (await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo })).statusCode,
    ).toBe(200);
    expect((await shown()).contactEmail).toBe(user.email);
    const [profile] = await t.app.ctx.db.select().from(mentors).where(eq(mentors.userId, user.id));
    expect(profile).toMatchObject({ contactEmail: user.email, contactEmailTokenHash: null });
    expect(profile!.contactEmailConfirmedAt).not.toBeNull();
  });

  it('refuses at its link a change that got past the request’s check', async () => {
    const { user } = await insertStudent(t.app);
    const cookie = await cookieFor(t.app, user.id);
    const first = fresh();
    await call(t.app, cookie, 'POST', '/api/me/email-change', { email: first });
    // A second change's row as an older path would have written it, beside the first.
    const second = fresh();
    const secondToken = randomToken();
    await t.app.ctx.db.insert(emailChanges).values({
      userId: user.id,
      oldEmail: user.email,
      newEmail: second,
      tokenHash: sha256(secondToken),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const token = await tokenMailedTo(first, '/email-change');
    expect(
      (await call(t.app, cookie, 'POST', '/api/email-change/confirm', { token })).json(),
    ).toEqual({ email: first });
    // From the address the account has now, so only the open undo stands in its way.
    await t.app.ctx.db
      .update(emailChanges)
      .set({ oldEmail: first })
      .where(eq(emailChanges.tokenHash, sha256(secondToken)));
    expectError(
      await call(t.app, cookie, 'POST', '/api/email-change/confirm', { token: secondToken }),
      409,
      'email-change/undo-open',
    );
    expect(await emailOf(user.id)).toBe(first);
  });

  it('works on the sixth day, not on the eighth, after which the address may change again', async () => {
    const sixth = await movedByIntruder();
    const eighth = await movedByIntruder();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(Date.now() + 6 * DAY_MS);
    await keptInUse(sixth.user.id);
    expect(await sessionEmail(sixth.intruder)).toBe(sixth.theirs);
    expectError(
      await call(t.app, sixth.intruder, 'POST', '/api/me/email-change', { email: fresh() }),
      409,
      'email-change/undo-open',
    );
    const undone = await call(t.app, '', 'POST', '/api/email-change/undo', { token: sixth.undo });
    expect(undone.json()).toEqual({ email: sixth.user.email });
    expect(await sessionEmail(sixth.intruder)).toBeNull();

    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    await keptInUse(eighth.user.id);
    expectError(
      await call(t.app, '', 'POST', '/api/email-change/undo', { token: eighth.undo }),
      400,
      'auth/invalid-link',
    );
    expect(await emailOf(eighth.user.id)).toBe(eighth.theirs);
    expect(await sessionEmail(eighth.intruder)).toBe(eighth.theirs);
    const again = await call(t.app, eighth.intruder, 'POST', '/api/me/email-change', {
      email: fresh(),
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('puts back the address before the change whatever changed after it; later undo links die with it', async () => {
    const { user, intruder, theirs, undo } = await movedByIntruder();
    // A second change let through while the first undo looked closed (an older path).
    const [first] = await t.app.ctx.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, user.id));
    await t.app.ctx.db
      .update(emailChanges)
      .set({ undoExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.id, first!.id));
    const next = fresh();
    await call(t.app, intruder, 'POST', '/api/me/email-change', { email: next });
    const token = await tokenMailedTo(next, '/email-change');
    expect(
      (await call(t.app, intruder, 'POST', '/api/email-change/confirm', { token })).json(),
    ).toEqual({ email: next });
    const laterUndo = await tokenMailedTo(theirs, '/email-change/undo');
    await t.app.ctx.db
      .update(emailChanges)
      .set({ undoExpiresAt: first!.undoExpiresAt })
      .where(eq(emailChanges.id, first!.id));

    const undone = await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo });
    expect(undone.json()).toEqual({ email: user.email });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await sessionEmail(intruder)).toBeNull();
    // The intruder's own undo link would give their address back: it no longer works.
    expectError(
      await call(t.app, '', 'POST', '/api/email-change/undo', { token: laterUndo }),
      400,
      'auth/invalid-link',
    );
    expect(await emailOf(user.id)).toBe(user.email);

    // An address set by an admin meanwhile goes back the same way.
    const moved = await movedByIntruder();
    await t.app.ctx.db
      .update(users)
      .set({ email: fresh('example.com') })
      .where(eq(users.id, moved.user.id));
    const back = await call(t.app, '', 'POST', '/api/email-change/undo', { token: moved.undo });
    expect(back.json()).toEqual({ email: moved.user.email });
    expect(await emailOf(moved.user.id)).toBe(moved.user.email);
  });

  it('says so, changing nothing, when another account has taken the old address meanwhile', async () => {
    const { user, intruder, theirs, undo } = await movedByIntruder();
    const { user: other } = await insertStudent(t.app, { email: user.email });
    expectError(
      await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo }),
      409,
      'email-change/undo-address-taken',
    );
    expect(await emailOf(user.id)).toBe(theirs);
    expect(await sessionEmail(intruder)).toBe(theirs);
    expect(await auditEntries(t.app, 'account.email-change-undone', user.id)).toEqual([]);

    // Once an admin has freed it, the link (still within its week) works.
    await t.app.ctx.db.delete(users).where(eq(users.id, other.id));
    const undone = await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo });
    expect(undone.json()).toEqual({ email: user.email });
  });
});

/**
 * The review's scenario (issue 54, point 2): with a stolen session the intruder moved an
 * alumna's account to his address, then tried to take the old address so that her undo would
 * find it taken, or to keep a sign-in link to his address that would outlive the undo.
 */
describe('the old address while its undo works', () => {
  /** An alumna (her address at her university's domain, so every road can be tried on it). */
  async function alumnaMovedByIntruder() {
    const { user } = await insertMentor(t.app, { email: fresh('akane.waseda.jp') });
    const intruder = await cookieFor(t.app, user.id);
    const theirs = fresh('example.net');
    await call(t.app, intruder, 'POST', '/api/me/email-change', { email: theirs });
    const token = await tokenMailedTo(theirs, '/email-change');
    expect(
      (await call(t.app, intruder, 'POST', '/api/email-change/confirm', { token })).statusCode,
    ).toBe(200);
    // His sign-in address now, so the contact address follows without a link; the old one is
    // then no alumna's confirmed contact either.
    const saved = await call(t.app, intruder, 'PUT', '/api/mentors/me/visit-settings', {
      contactVisibility: 'signed_in',
      acceptingRequests: true,
      monthlyRequestLimit: null,
      contactEmail: theirs,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const undo = await tokenMailedTo(user.email, '/email-change/undo');
    return { user, intruder, theirs, undo };
  }

  const invitationsTo = (email: string) =>
    t.app.ctx.db.select().from(invitations).where(eq(invitations.email, email));

  function studentRegistration(email: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/registrations/student',
      payload: {
        name: '山田 花子',
        nameReading: 'やまだ　はなこ',
        studentNumber: '1Y23A456',
        universityId: 'waseda',
        faculty: '政治経済学部',
        department: '経済学科',
        grade: '3年',
        email,
        termsAccepted: true,
      },
      remoteAddress: nextIp(),
    });
  }

  async function alumniForm(email: string, code: string) {
    const body = await multipartBody(
      { email, code, ...mentorFields() },
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

  /** The undo, which must then work whatever was tried meanwhile. */
  async function undoneBy(owner: { id: string; email: string }, undo: string) {
    const undone = await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo });
    expect(undone.json()).toEqual({ email: owner.email });
    expect(await emailOf(owner.id)).toBe(owner.email);
  }

  it('refuses inviting it, from the stolen session or an admin’s, creating nothing', async () => {
    const { user, intruder, undo } = await alumnaMovedByIntruder();
    const mailsBefore = (await mailsTo(t.app, user.email)).length;
    // Refused as an address in use: the answer tells the inviter no more than that.
    expectError(
      await call(t.app, intruder, 'POST', '/api/invitations', { email: user.email }),
      409,
      'invitation/already-registered-as-mentor',
    );
    const admin = await insertAdmin(t.app);
    expectError(
      await call(t.app, admin.cookie, 'POST', '/api/invitations', {
        email: user.email,
        role: 'mentor',
      }),
      409,
      'invitation/already-registered-as-mentor',
    );
    expect(await invitationsTo(user.email)).toEqual([]);
    expect(await mailsTo(t.app, user.email)).toHaveLength(mailsBefore);
    await undoneBy(user, undo);
  });

  it('refuses a student’s registration with it, as any address in use', async () => {
    const { user, undo } = await alumnaMovedByIntruder();
    expectError(await studentRegistration(user.email), 409, 'auth/email-already-in-use');
    const pending = await t.app.ctx.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, user.email));
    expect(pending).toEqual([]);
    await undoneBy(user, undo);
  });

  it('refuses the alumni form for it, even with an invitation that got there; the undo ends that invitation', async () => {
    const { user, undo } = await alumnaMovedByIntruder();
    // Sent before this rule (the review's intruder had one), or by any road that missed it.
    const invitation = await insertInvitation(t.app, { email: user.email });
    expectError(
      await alumniForm(user.email, invitation.inviteCode),
      409,
      'mentor/email-already-registered',
    );
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, user.email))).toEqual([]);
    await undoneBy(user, undo);
    expect((await invitationRow(t.app, invitation.id))!.status).toBe('expired');
    const [audited] = await auditEntries(t.app, 'account.email-change-undone', user.id);
    expect(audited!.details).toEqual({ gaveWay: ['open-invitation'] });
  });

  it('frees it once the week of the undo has passed', async () => {
    const { user } = await alumnaMovedByIntruder();
    await t.app.ctx.db
      .update(emailChanges)
      .set({ undoExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, user.id));
    expect((await studentRegistration(user.email)).statusCode).toBe(200);
  });

  it('gives way to an account never confirmed and a waiting registration that hold it: the undo removes them and succeeds', async () => {
    const { user, intruder, theirs, undo } = await alumnaMovedByIntruder();
    // Made meanwhile by a road that did not keep the address (the alumni form before this
    // rule): an unconfirmed alumni account on the old address, with its own link waiting.
    const squatter = await insertUser(t.app, {
      email: user.email,
      role: 'mentor',
      emailVerified: false,
    });
    // And a student's registration waiting for its link, from the same time.
    await t.app.ctx.db.insert(pendingRegistrations).values({
      email: user.email,
      data: {},
      termsAcceptedAt: new Date(),
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const undone = await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo });
    expect(undone.json()).toEqual({ email: user.email });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, squatter.id))).toEqual([]);
    expect(await sessionEmail(intruder)).toBeNull();
    const [audited] = await auditEntries(t.app, 'account.email-change-undone', user.id);
    expect(audited!.details).toEqual({
      gaveWay: ['unconfirmed-account', 'waiting-registration'],
    });
    expect(
      await t.app.ctx.db
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, user.email)),
    ).toEqual([]);
    expect(theirs).not.toBe(user.email);
  });

  it('still says so when an account that proved the mailbox holds it (an admin sorts it out)', async () => {
    const { user, theirs, undo } = await alumnaMovedByIntruder();
    await insertUser(t.app, { email: user.email, role: 'student', emailVerified: true });
    expectError(
      await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo }),
      409,
      'email-change/undo-address-taken',
    );
    expect(await emailOf(user.id)).toBe(theirs);
  });

  /** Asks /login for a link to `email` as a browser does: answers its binding cookie. */
  async function askSignIn(email: string) {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email },
      remoteAddress: '10.54.2.1',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const binding = asked.cookies.find((cookie) => cookie.name === 'og_signin')!.value;
    const mail = (await latestMailTo(t.app, email))!;
    return { binding, token: tokenFromMail(mail), code: codeFromMail(mail) };
  }

  function completeLink(token: string, email: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-link',
      payload: { token, email },
      remoteAddress: '10.54.2.1',
    });
  }

  function completeCode(code: string, email: string, binding: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-code',
      payload: { code, email },
      headers: { cookie: `og_signin=${binding}` },
      remoteAddress: '10.54.2.1',
    });
  }

  async function linkStatus(token: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/link-status',
      payload: { token },
      remoteAddress: '10.54.2.1',
    });
    return response.json() as { usable: boolean };
  }

  it('ends the sign-in links and codes mailed to the intruder’s address before the undo', async () => {
    const { user, theirs, undo } = await alumnaMovedByIntruder();
    const byLink = await askSignIn(theirs);
    // A second browser of his, asking once the first link was used, keeps the code.
    expect((await completeLink(byLink.token, theirs)).statusCode).toBe(200);
    const byCode = await askSignIn(theirs);

    expect(
      (await call(t.app, '', 'POST', '/api/email-change/undo', { token: undo })).statusCode,
    ).toBe(200);
    expectError(await completeCode(byCode.code, theirs, byCode.binding), 400, 'auth/invalid-code');
    expectError(await completeLink(byCode.token, theirs), 400, 'auth/invalid-link');
    // Ended, not only refused: its landing page says so before asking for the address.
    expect(await linkStatus(byCode.token)).toEqual({ usable: false });
    // The owner signs in with her address as before.
    const hers = await askSignIn(user.email);
    expect((await completeLink(hers.token, user.email)).statusCode).toBe(200);
  });

  it('ends the sign-in links and codes mailed to the old address before the change', async () => {
    const { user } = await insertMentor(t.app, { email: fresh('example.org') });
    const before = await askSignIn(user.email);
    const cookie = await cookieFor(t.app, user.id);
    const next = fresh('example.net');
    await call(t.app, cookie, 'POST', '/api/me/email-change', { email: next });
    const token = await tokenMailedTo(next, '/email-change');
    expect(
      (await call(t.app, cookie, 'POST', '/api/email-change/confirm', { token })).statusCode,
    ).toBe(200);
    expectError(
      await completeCode(before.code, user.email, before.binding),
      400,
      'auth/invalid-code',
    );
    expectError(await completeLink(before.token, user.email), 400, 'auth/invalid-link');
    expect(await linkStatus(before.token)).toEqual({ usable: false });
  });
});
