import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../db/schema';
import { MAX_CONCURRENT_UPLOADS, withUploadSlot } from '../http/multipart';
import {
  createTestApp,
  findUser,
  insertUser,
  latestMailTo,
  tokenFromMail,
  type TestApp,
} from '../test/app';
import { cookieFor, jpeg, mentorFields, multipartBody } from '../test/factories/mentors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The alumni form never hands the submitter a session. */
describe('alumni sign-up trust', () => {
  it('gives the submitter no session; the link signs in its follower only', async () => {
    const admin = await insertUser(t.app, { email: 'trust-admin@example.com', role: 'admin' });
    const adminCookie = await cookieFor(t.app, admin.id);
    const email = 'trust-invitee@example.com';
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload: { email, role: 'mentor' },
      headers: { cookie: adminCookie },
    });
    const { inviteCode } = invited.json() as { inviteCode: string };
    const body = await multipartBody(
      { email, code: inviteCode, ...mentorFields({}) },
      { content: await jpeg(400, 400) },
    );
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/mentor-registrations',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
      remoteAddress: '10.8.0.1',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.cookies.find((c) => c.name === 'og_session')).toBeUndefined();
    const binding = submitted.cookies.find((c) => c.name === 'og_signin')!;
    const waitingCookie = `og_signin=${binding.value}`;
    const status = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/verification-status',
        headers: { cookie: waitingCookie },
      });
    expect((await status()).json()).toEqual({ status: 'waiting', email });

    const mail = await latestMailTo(t.app, email);
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-link',
      payload: { token: tokenFromMail(mail!), email },
      remoteAddress: '10.8.0.2',
    });
    expect(followed.statusCode).toBe(200);
    expect((await status()).json()).toEqual({ status: 'verified', email });
    const asWaiter = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: waitingCookie },
    });
    expect(asWaiter.json().user).toBeNull();
  });

  it('resends at once to the browser that sent the form, while its first link still lives', async () => {
    const admin = await insertUser(t.app, { email: 'resend-admin@example.com', role: 'admin' });
    const adminCookie = await cookieFor(t.app, admin.id);
    const email = 'resend-invitee@example.com';
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload: { email, role: 'mentor' },
      headers: { cookie: adminCookie },
    });
    const { inviteCode } = invited.json() as { inviteCode: string };
    const body = await multipartBody(
      { email, code: inviteCode, ...mentorFields({}) },
      { content: await jpeg(400, 400) },
    );
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/mentor-registrations',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
      remoteAddress: '10.8.3.1',
    });
    const binding = submitted.cookies.find((c) => c.name === 'og_signin')!;
    const first = await latestMailTo(t.app, email);
    // Her mail did not come: the waiting page's resend mails a new link now, not in 10 minutes.
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      remoteAddress: '10.8.3.1',
      headers: { cookie: `og_signin=${binding.value}` },
    });
    expect(resent.statusCode).toBe(200);
    const second = await latestMailTo(t.app, email);
    expect(tokenFromMail(second!)).not.toBe(tokenFromMail(first!));
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-link',
      payload: { token: tokenFromMail(second!), email },
      remoteAddress: '10.8.3.2',
    });
    expect(followed.statusCode).toBe(200);
  });

  it('refuses verification once the invitation was revoked', async () => {
    const admin = await insertUser(t.app, { email: 'revoke-admin@example.com', role: 'admin' });
    const adminCookie = await cookieFor(t.app, admin.id);
    const email = 'revoked-invitee@example.com';
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload: { email, role: 'mentor' },
      headers: { cookie: adminCookie },
    });
    const { inviteCode, id } = invited.json() as { inviteCode: string; id: string };
    const body = await multipartBody(
      { email, code: inviteCode, ...mentorFields({}) },
      { content: await jpeg(400, 400) },
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/mentor-registrations',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
      remoteAddress: '10.8.1.1',
    });
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invitations/${id}/revoke`,
      headers: { cookie: adminCookie },
    });
    expect(revoked.statusCode).toBe(200);
    const mail = await latestMailTo(t.app, email);
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-link',
      payload: { token: tokenFromMail(mail!), email },
      remoteAddress: '10.8.1.2',
    });
    expect(followed.json()).toMatchObject({ code: 'invitation/invalid-or-used' });
  });
});

/** The per-client limit is counted before the multipart body is read. */
describe('alumni registration limit before the body', () => {
  it('refuses the 21st request from one client even when no body was ever parsed', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/mentor-registrations',
        payload: 'not multipart at all',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        remoteAddress: '10.8.2.1',
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

// ---------------------------------------------------------------------------------------------
// What verifying ends, and invitations that died.

let clientCounter = 0;
const nextClient = () => `10.8.9.${++clientCounter}`;

/** An admin's invitation for `email`, and the alumni form submitted for it. */
async function inviteAndSubmit(email: string, adminCookie: string) {
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    payload: { email, role: 'mentor' },
    headers: { cookie: adminCookie },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const { inviteCode, id } = invited.json() as { inviteCode: string; id: string };
  const body = await multipartBody(
    { email, code: inviteCode, ...mentorFields({}) },
    { content: await jpeg(400, 400) },
  );
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/mentor-registrations',
    payload: body.payload,
    headers: { 'content-type': body.contentType },
    remoteAddress: nextClient(),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const user = (await findUser(t.app, email))!;
  return { invitationId: id, userId: user.id };
}

function followLink(email: string, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-link',
    payload: { token, email },
    remoteAddress: nextClient(),
  });
}

async function invitationStatus(id: string) {
  const [row] = await t.app.ctx.db
    .select({ status: invitations.status })
    .from(invitations)
    .where(eq(invitations.id, id));
  return row!.status;
}

describe('verifying an account and dead invitations', () => {
  let adminCookie: string;
  beforeAll(async () => {
    const admin = await insertUser(t.app, { email: 'dead-admin@example.com', role: 'admin' });
    adminCookie = await cookieFor(t.app, admin.id);
  });

  it('ends every other session of the account when the link verifies it', async () => {
    const email = 'ends-sessions@example.com';
    const { userId } = await inviteAndSubmit(email, adminCookie);
    // A session held before the address was proven (as the old form handed out).
    const earlier = await cookieFor(t.app, userId);
    const followed = await followLink(email, tokenFromMail((await latestMailTo(t.app, email))!));
    expect(followed.statusCode, followed.body).toBe(200);
    const asEarlier = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: earlier },
    });
    expect(asEarlier.json().user).toBeNull();
  });

  it('refuses the link and any sign-in once the invitation expired, and keeps it expired', async () => {
    const email = 'expired-invitee@example.com';
    const { invitationId } = await inviteAndSubmit(email, adminCookie);
    const token = tokenFromMail((await latestMailTo(t.app, email))!);
    await t.app.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitationId));
    expect((await followLink(email, token)).json()).toMatchObject({ code: 'invitation/expired' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email },
      remoteAddress: nextClient(),
    });
    expect(login.json()).toMatchObject({ code: 'invitation/expired' });
    expect((await findUser(t.app, email))!.emailVerified).toBe(false);
    expect(await invitationStatus(invitationId)).not.toBe('completed');
  });

  it('keeps a revoked invitation revoked, and lets the address be invited afresh', async () => {
    const email = 'reinvited@example.com';
    const { invitationId } = await inviteAndSubmit(email, adminCookie);
    const token = tokenFromMail((await latestMailTo(t.app, email))!);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/invitations/${invitationId}/revoke`,
      headers: { cookie: adminCookie },
    });
    const refused = await followLink(email, token);
    expect(refused.json()).toMatchObject({ code: 'invitation/invalid-or-used' });
    expect(await invitationStatus(invitationId)).not.toBe('completed');
    // The abandoned, never-verified account does not block a new invitation.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload: { email, role: 'mentor' },
      headers: { cookie: adminCookie },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("expires a suspended user's pending invitations", async () => {
    const mentor = await insertUser(t.app, {
      email: 'suspended-inviter@example.com',
      role: 'mentor',
    });
    const mentorCookie = await cookieFor(t.app, mentor.id);
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload: { email: 'friend-of-suspended@example.com' },
      headers: { cookie: mentorCookie },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${mentor.id}/suspend`,
      headers: { cookie: adminCookie },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await invitationStatus((invited.json() as { id: string }).id)).toBe('expired');
  });
});

/** At most MAX_CONCURRENT_UPLOADS uploads are read and decoded at once. */
describe('bounded uploads', () => {
  it('refuses an upload beyond the bound with 503 unavailable, and frees the slot after', async () => {
    const releases: (() => void)[] = [];
    const held = Array.from({ length: MAX_CONCURRENT_UPLOADS }, () =>
      withUploadSlot(() => new Promise<void>((resolve) => releases.push(resolve))),
    );
    await expect(withUploadSlot(async () => 'one more')).rejects.toMatchObject({
      code: 'unavailable',
    });
    for (const release of releases) release();
    await Promise.all(held);
    await expect(withUploadSlot(async () => 'now')).resolves.toBe('now');
  });
});
