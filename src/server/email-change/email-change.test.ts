import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChanges, users } from '../db/schema';
import { auditEntries, call, expectError } from '../test/factories/admins';
import { cookieFor, insertMentor, insertStudent } from '../test/factories/mentors';
import { mailsTo } from '../test/factories/visits';
import { createTestApp, type TestApp } from '../test/app';

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
