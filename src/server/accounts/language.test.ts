import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enMail } from '../../shared/messages/en/mail';
import { enNotifications } from '../../shared/messages/en/notifications';
import { jaMail } from '../../shared/messages/ja/mail';
import { jaNotifications } from '../../shared/messages/ja/notifications';
import { outbox, users } from '../db/schema';
import { createQuietTestApp, type TestApp } from '../test/app';
import { call, expectError } from '../test/factories/admins';
import { subscribedBrowser } from '../test/factories/push';
import {
  createRequest,
  mailsTo,
  newMentor,
  newStudent,
  type Party,
} from '../test/factories/visits';

/**
 * The language a person chose, kept with the account (decision 0041): mails and pushes to them
 * are written in it, and a browser with no choice of its own takes it from the session.
 */

let t: TestApp;
beforeAll(async () => {
  // Nothing is sent: what is queued stays for the test to read.
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

const choose = (party: Party, language: unknown) =>
  call(t.app, party.cookie, 'PUT', '/api/me/language', { language });

async function languageOf(party: Party) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, party.id));
  return row!.language;
}

async function sessionLanguage(party: Party) {
  const response = await call(t.app, party.cookie, 'GET', '/api/auth/session');
  return (response.json() as { user: { language: string } }).user.language;
}

/** The push queued to `subscriptionId`: its title is the row's subject. */
async function pushTitle(subscriptionId: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(outbox)
    .where(eq(outbox.subscriptionId, subscriptionId));
  return row?.subject;
}

describe('the language a person chose', () => {
  it('is none until chosen (mails are Japanese), kept once chosen and told by the session', async () => {
    const student = await newStudent(t.app);
    expect(await languageOf(student)).toBeNull();
    expect(await sessionLanguage(student)).toBeNull();

    expect((await choose(student, 'en')).statusCode).toBe(200);
    expect(await languageOf(student)).toBe('en');
    expect(await sessionLanguage(student)).toBe('en');

    expect((await choose(student, 'ja')).statusCode).toBe(200);
    expect(await sessionLanguage(student)).toBe('ja');
  });

  it.each([['fr'], [''], [null], [['en']], [{ language: 'en' }]])(
    'refuses %j and keeps what was chosen',
    async (language) => {
      const student = await newStudent(t.app);
      await choose(student, 'en');
      expectError(await choose(student, language), 400, 'invalid-argument');
      expect(await languageOf(student)).toBe('en');
    },
  );

  it('is chosen by a signed-in person only, for their own account', async () => {
    const response = await call(t.app, undefined, 'PUT', '/api/me/language', { language: 'en' });
    expectError(response, 401, 'auth/unauthenticated');
  });

  it("writes the mails and pushes to her in English, and the other side's in Japanese", async () => {
    const student = await newStudent(t.app, '山田 花子');
    const mentor = await newMentor(t.app);
    const { subscriptionId: mentorBrowser } = await subscribedBrowser(t.app, mentor.id);
    expect((await choose(mentor, 'en')).statusCode).toBe(200);

    const id = await createRequest(t.app, student, mentor);
    const [mail] = await mailsTo(t.app, mentor.email);
    expect(mail!.subject).toBe(enMail.mail.visitRequested.subject);
    expect(mail!.text).toContain('山田 花子 (');
    expect(mail!.text).toContain(enMail.mail.signature);
    expect(mail!.text).toMatch(/\d{4}, \d{2}:\d{2} JST/);
    expect(mail!.html).toContain('<html lang="en">');
    expect(await pushTitle(mentorBrowser)).toBe(
      enNotifications.notifications.kinds.requested.replace('{{name}}', '山田 花子'),
    );

    // Her answer reaches the student, who chose nothing, in Japanese.
    const { subscriptionId: studentBrowser } = await subscribedBrowser(t.app, student.id);
    const declined = await call(t.app, mentor.cookie, 'POST', `/api/visit-requests/${id}/decline`, {
      message: 'あいにく今月は都合がつきません。',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const studentMails = await mailsTo(t.app, student.email);
    expect(studentMails.at(-1)!.subject).toBe(jaMail.mail.visitDeclined.subject);
    expect(await pushTitle(studentBrowser)).toBe(
      jaNotifications.notifications.kinds.declined.replace('{{name}}', mentor.name),
    );
  });

  it('writes her sign-in mail in the language she chose', async () => {
    const mentor = await newMentor(t.app);
    await choose(mentor, 'en');
    const response = await call(t.app, undefined, 'POST', '/api/auth/login-link', {
      email: mentor.email,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const mails = await mailsTo(t.app, mentor.email);
    expect(mails.at(-1)!.subject).toBe(enMail.mail.signIn.subject);
  });
});
