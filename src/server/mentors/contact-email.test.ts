import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MentorDetail, MentorProfile } from '../../shared/schemas/mentors';
import { mentors } from '../db/schema';
import { call } from '../test/factories/admins';
import { createTestApp, latestMailTo, type DevMail, type TestApp } from '../test/app';
import { cookieFor, insertMentor, insertStudent, nextSequence } from '../test/factories/mentors';
import { insertRequest } from '../test/factories/visits';
import { mailUnconfirmedContactLinks } from './contact-email-service';

/**
 * Issue 32, point 9: an alumna's separate contact address is confirmed by a link mailed to it
 * before any student sees it; changing it needs a new confirmation.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An alumna who shows her contact address to every signed-in user, and a student. */
async function alumnaAndStudent() {
  const { user, mentor } = await insertMentor(t.app);
  const mentorCookie = await cookieFor(t.app, user.id);
  const { user: student } = await insertStudent(t.app);
  const studentCookie = await cookieFor(t.app, student.id);
  await saveSettings(mentorCookie, user.email);
  return { mentor, signInEmail: user.email, mentorCookie, student, studentCookie };
}

function saveSettings(cookie: string, contactEmail: string) {
  return call(t.app, cookie, 'PUT', '/api/mentors/me/visit-settings', {
    contactVisibility: 'signed_in',
    acceptingRequests: true,
    monthlyRequestLimit: null,
    contactEmail,
  });
}

async function setContact(cookie: string, contactEmail: string) {
  const response = await saveSettings(cookie, contactEmail);
  expect(response.statusCode, response.body).toBe(200);
}

async function ownProfile(cookie: string) {
  const response = await call(t.app, cookie, 'GET', '/api/mentors/me');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MentorProfile;
}

/** The contact address the student sees on the alumna's page. */
async function shownTo(cookie: string, urlParam: string) {
  const response = await call(t.app, cookie, 'GET', `/api/mentors/${urlParam}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as MentorDetail).contactEmail;
}

function linkOf(mail: DevMail | undefined): string {
  const link = mail?.links.find((url) => url.includes('/contact-email/confirm?token='));
  if (!link) throw new Error('no contact confirmation link');
  return new URL(link).searchParams.get('token')!;
}

function confirm(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/contact-email/confirm', payload: { token } });
}

function freshAddress() {
  return `contact-${nextSequence()}@example.org`;
}

describe('an alumna’s separate contact address', () => {
  it('is shown to students only once the link mailed to it is followed', async () => {
    const { mentor, mentorCookie, student, studentCookie, signInEmail } = await alumnaAndStudent();
    expect(await shownTo(studentCookie, mentor.urlParam)).toBe(signInEmail);

    const address = freshAddress();
    await setContact(mentorCookie, address);
    const mail = await latestMailTo(t.app, address);
    expect(mail?.subject).toBe('【OGコネクト】連絡先メールアドレスの確認');
    expect(await ownProfile(mentorCookie)).toMatchObject({
      contactEmail: address,
      contactEmailConfirmed: false,
    });
    // Not on her page, nor on an accepted request's page, nor anywhere in either answer.
    expect(await shownTo(studentCookie, mentor.urlParam)).toBeNull();
    const request = await insertRequest(t.app, student.id, mentor.userId, {
      status: 'accepted',
      meetingAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    });
    const requestPage = await call(
      t.app,
      studentCookie,
      'GET',
      `/api/visit-requests/${request.id}`,
    );
    expect(requestPage.statusCode, requestPage.body).toBe(200);
    const detail = await call(t.app, studentCookie, 'GET', `/api/mentors/${mentor.urlParam}`);
    for (const response of [requestPage, detail]) expect(response.body).not.toContain(address);
    const list = await call(t.app, studentCookie, 'GET', '/api/mentors');
    expect(list.body).not.toContain(address);

    const confirmed = await confirm(linkOf(mail));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: address });
    expect(await shownTo(studentCookie, mentor.urlParam)).toBe(address);
    expect((await ownProfile(mentorCookie)).contactEmailConfirmed).toBe(true);
    const requestAfter = await call(
      t.app,
      studentCookie,
      'GET',
      `/api/visit-requests/${request.id}`,
    );
    expect(requestAfter.body).toContain(address);
    // A link works once.
    expect((await confirm(linkOf(mail))).json()).toMatchObject({ code: 'auth/invalid-link' });
  });

  it('needs a new confirmation when changed again; the old link confirms nothing', async () => {
    const { mentor, mentorCookie, studentCookie } = await alumnaAndStudent();
    const first = freshAddress();
    await setContact(mentorCookie, first);
    const firstToken = linkOf(await latestMailTo(t.app, first));
    expect((await confirm(firstToken)).statusCode).toBe(200);
    expect(await shownTo(studentCookie, mentor.urlParam)).toBe(first);

    const second = freshAddress();
    await setContact(mentorCookie, second);
    expect(await shownTo(studentCookie, mentor.urlParam)).toBeNull();
    expect((await ownProfile(mentorCookie)).contactEmailConfirmed).toBe(false);
    const secondToken = linkOf(await latestMailTo(t.app, second));

    // Changed before the first link was followed: that link no longer confirms anything.
    const third = freshAddress();
    await setContact(mentorCookie, third);
    const stale = await confirm(secondToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'auth/invalid-link' });
    expect(await shownTo(studentCookie, mentor.urlParam)).toBeNull();
    expect((await confirm(linkOf(await latestMailTo(t.app, third)))).statusCode).toBe(200);
    expect(await shownTo(studentCookie, mentor.urlParam)).toBe(third);
  });

  it('saving the same address again changes nothing and mails nothing', async () => {
    const { mentor, mentorCookie, studentCookie } = await alumnaAndStudent();
    const address = freshAddress();
    await setContact(mentorCookie, address);
    expect((await confirm(linkOf(await latestMailTo(t.app, address)))).statusCode).toBe(200);
    const mailsBefore = (await call(t.app, undefined, 'GET', '/_dev/mail')).json() as DevMail[];
    await setContact(mentorCookie, address);
    await t.app.ctx.outbox.drain();
    const mailsAfter = (await call(t.app, undefined, 'GET', '/_dev/mail')).json() as DevMail[];
    expect(mailsAfter.length).toBe(mailsBefore.length);
    expect(await shownTo(studentCookie, mentor.urlParam)).toBe(address);
  });

  it('takes the sign-in address back without a link (it is confirmed already)', async () => {
    const { mentor, mentorCookie, studentCookie, signInEmail } = await alumnaAndStudent();
    await setContact(mentorCookie, freshAddress());
    expect(await shownTo(studentCookie, mentor.urlParam)).toBeNull();
    await setContact(mentorCookie, signInEmail);
    expect(await shownTo(studentCookie, mentor.urlParam)).toBe(signInEmail);
    expect((await ownProfile(mentorCookie)).contactEmailConfirmed).toBe(true);
  });

  it('resends a new link (the earlier one stops working), and none once confirmed', async () => {
    const { mentor, mentorCookie, studentCookie } = await alumnaAndStudent();
    const address = freshAddress();
    await setContact(mentorCookie, address);
    const firstToken = linkOf(await latestMailTo(t.app, address));
    const resent = await call(t.app, mentorCookie, 'POST', '/api/mentors/me/contact-email/resend');
    expect(resent.statusCode, resent.body).toBe(200);
    const secondToken = linkOf(await latestMailTo(t.app, address));
    expect(secondToken).not.toBe(firstToken);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect(await shownTo(studentCookie, mentor.urlParam)).toBe(address);

    await call(t.app, mentorCookie, 'POST', '/api/mentors/me/contact-email/resend');
    expect(linkOf(await latestMailTo(t.app, address))).toBe(secondToken);
  });

  it('refuses an expired link, an unknown one and a malformed body without a 500', async () => {
    const { mentorCookie } = await alumnaAndStudent();
    const address = freshAddress();
    await setContact(mentorCookie, address);
    const token = linkOf(await latestMailTo(t.app, address));
    // The database's clock decides expiry: the link's end is moved into the past.
    await t.app.ctx.db
      .update(mentors)
      .set({ contactEmailTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(mentors.contactEmail, address));
    expect((await confirm(token)).json()).toMatchObject({ code: 'auth/invalid-link' });
    expect((await confirm('not-a-token')).json()).toMatchObject({ code: 'auth/invalid-link' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/contact-email/confirm',
      payload: { token: 42 },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid-argument' });
  });

  it('lets only an alumna resend, and students nothing', async () => {
    const { studentCookie } = await alumnaAndStudent();
    const response = await call(
      t.app,
      studentCookie,
      'POST',
      '/api/mentors/me/contact-email/resend',
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('contact addresses saved before confirmation existed', () => {
  it('are unconfirmed and mailed their link once', async () => {
    const address = freshAddress();
    const { user, mentor } = await insertMentor(t.app, { contactEmail: address });
    // As migration 0021 leaves an address that is not the sign-in address.
    await t.app.ctx.db
      .update(mentors)
      .set({ contactEmailConfirmedAt: null })
      .where(eq(mentors.userId, user.id));
    const { user: student } = await insertStudent(t.app);
    const studentCookie = await cookieFor(t.app, student.id);
    await t.app.ctx.db
      .update(mentors)
      .set({ contactVisibility: 'signed_in' })
      .where(eq(mentors.userId, user.id));
    expect(await shownTo(studentCookie, mentor.urlParam)).toBeNull();

    expect(await mailUnconfirmedContactLinks(t.app.ctx.db)).toBe(1);
    expect(await mailUnconfirmedContactLinks(t.app.ctx.db)).toBe(0);
    const token = linkOf(await latestMailTo(t.app, address));
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await shownTo(studentCookie, mentor.urlParam)).toBe(address);
  });
});
