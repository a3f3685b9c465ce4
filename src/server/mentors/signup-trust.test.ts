import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  insertUser,
  latestMailTo,
  tokenFromMail,
  type TestApp,
} from '../test/helpers';
import { cookieFor, jpeg, mentorFields, multipartBody } from '../test/mentor-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Issue 16, point 1: the alumni form never hands the submitter a session. */
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

  it('refuses verification once the invitation was revoked (issue 16, point 3)', async () => {
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

/** Issue 16, point 13: the per-client limit is counted before the multipart body is read. */
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
