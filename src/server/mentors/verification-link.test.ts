import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jaMail } from '../../shared/messages/ja/mail';
import { signInTokens } from '../db/schema';
import {
  createTestApp,
  findUser,
  insertUser,
  signIn,
  TEST_ORIGIN,
  tokenFromMail,
  type DevMail,
  type TestApp,
} from '../test/app';

/**
 * An invited alumna's confirmation link lives 24 hours, as a student's registration link does
 * (she may open the mail hours later, after work), and names itself for its landing page; a
 * sign-in link still lives 10 minutes, and the day-long link keeps no one from a sign-in link.
 */

let t: TestApp;
let adminCookie: string;
let photo: Buffer;
let clientCounter = 0;
let clientIp: string;

const HOUR_MS = 60 * 60_000;

function nextIp(): string {
  clientCounter++;
  return `10.7.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.app, { email: 'link-admin@example.com', role: 'admin' });
  adminCookie = await signIn(t.app, 'link-admin@example.com', nextIp());
  photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clientIp = nextIp();
});

let inviteCounter = 0;

/** Invites a fresh address and sends its alumni form; returns the address. */
async function registered(): Promise<string> {
  return (await registeredFrom()).email;
}

/** The same, with the binding cookie of the browser that sent the form. */
async function registeredFrom(): Promise<{ email: string; browser: string }> {
  inviteCounter++;
  const email = `link-og-${inviteCounter}@example.com`;
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    payload: { email, role: 'mentor' },
    headers: { cookie: adminCookie },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const { inviteCode } = invited.json() as { inviteCode: string };
  const form = new FormData();
  const fields = {
    email,
    code: inviteCode,
    name: '高橋 由紀',
    nameReading: 'タカハシ ユキ',
    universityId: 'waseda',
    graduationYear: '2012',
    industryCategory: 'その他',
    company: '株式会社みなと商事',
    message: '仕事の後でもお気軽にどうぞ。',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const encoded = new Response(form);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/mentor-registrations',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
    remoteAddress: clientIp,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const binding = sent.cookies.find((c) => c.name === 'og_signin')!;
  return { email, browser: `og_signin=${binding.value}` };
}

/** The address's mails after its invitation, newest first. */
async function mailsTo(email: string): Promise<DevMail[]> {
  await t.app.ctx.outbox.drain();
  const response = await t.app.inject({ method: 'GET', url: '/_dev/mail' });
  return (response.json() as DevMail[]).filter(
    (mail) => mail.to === email && mail.subject !== jaMail.mail.invitation.subject,
  );
}

async function tokensOf(email: string) {
  return t.app.ctx.db.select().from(signInTokens).where(eq(signInTokens.email, email));
}

/** As if the address's links had been mailed `ms` earlier. */
async function sentEarlier(email: string, ms: number) {
  const interval = sql`make_interval(secs => ${ms / 1000})`;
  await t.app.ctx.db
    .update(signInTokens)
    .set({
      createdAt: sql`${signInTokens.createdAt} - ${interval}`,
      expiresAt: sql`${signInTokens.expiresAt} - ${interval}`,
    })
    .where(eq(signInTokens.email, email));
}

/** Opened in another browser: nothing remembered, so the address is typed. */
function completeElsewhere(token: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-link',
    payload: { token, email },
    remoteAddress: nextIp(),
  });
}

function askLoginLink(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login-link',
    payload: { email },
    remoteAddress: nextIp(),
  });
}

describe('an invited alumna’s confirmation link', () => {
  it('lives 24 hours, says so, and names itself for the page it lands on', async () => {
    const before = Date.now();
    const email = await registered();
    const [token] = await tokensOf(email);
    const ttl = token!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(23.9 * HOUR_MS);
    expect(ttl).toBeLessThanOrEqual(24 * HOUR_MS + 5_000);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(jaMail.mail.mentorVerification.subject);
    expect(mail!.text).toContain('リンクの有効期限は24時間');
    expect(mail!.text).not.toContain('10分');
    const link = mail!.links.find((url) => url.includes('/auth/verify-email?token='))!;
    expect(new URL(link).origin).toBe(TEST_ORIGIN);
    expect(new URL(link).searchParams.get('for')).toBe('mentor-registration');
  });

  it('still confirms the address when opened 23 hours later in another browser', async () => {
    const email = await registered();
    const [mail] = await mailsTo(email);
    await sentEarlier(email, 23 * HOUR_MS);
    const completed = await completeElsewhere(tokenFromMail(mail!), email);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await findUser(t.app, email)).toMatchObject({ role: 'mentor', emailVerified: true });
  });

  it('no longer works after 24 hours', async () => {
    const email = await registered();
    const [mail] = await mailsTo(email);
    await sentEarlier(email, 24 * HOUR_MS + 60_000);
    const completed = await completeElsewhere(tokenFromMail(mail!), email);
    expect(completed.statusCode).toBe(400);
    expect(completed.json()).toMatchObject({ code: 'auth/invalid-link' });
    expect(await findUser(t.app, email)).toMatchObject({ emailVerified: false });
  });

  it('keeps her from a sign-in link only for its first 10 minutes, as a sign-in link would', async () => {
    const email = await registered();
    // Asked at once, as a stranger might: nothing more is sent while the mail is fresh.
    expect((await askLoginLink(email)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
    // Twenty minutes later she cannot find the mail and asks /login elsewhere (the hour's
    // count still holds the first): a sign-in link comes, which lives 10 minutes, carries no
    // name of its own, and confirms the address too.
    await sentEarlier(email, 20 * 60_000);
    expect((await askLoginLink(email)).statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const signInMail = mails[0]!;
    expect(signInMail.subject).toBe(jaMail.mail.signIn.subject);
    const link = signInMail.links.find((url) => url.includes('/auth/verify-email?token='))!;
    expect(new URL(link).searchParams.has('for')).toBe(false);
    const newest = (await tokensOf(email)).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    )[0]!;
    expect(newest.expiresAt.getTime() - newest.createdAt.getTime()).toBeLessThanOrEqual(
      10 * 60_000 + 5_000,
    );
    const completed = await completeElsewhere(tokenFromMail(signInMail), email);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await findUser(t.app, email)).toMatchObject({ emailVerified: true });
  });

  it('is sent again by the waiting page’s resend, for another 24 hours', async () => {
    const { email, browser } = await registeredFrom();
    // The first mail goes before the resend, so the newest one sent is the resend's: drained
    // together, the outbox may send the two in either order.
    await mailsTo(email);
    await sentEarlier(email, 25 * HOUR_MS);
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: { cookie: browser },
      remoteAddress: nextIp(),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const tokens = (await tokensOf(email)).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    );
    expect(tokens[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * HOUR_MS);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(jaMail.mail.mentorVerification.subject);
    const completed = await completeElsewhere(tokenFromMail(mail!), email);
    expect(completed.statusCode, completed.body).toBe(200);
  });
});
