import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ICON_MAX_BYTES } from '../../shared/constants';
import type { ErrorCode } from '../../shared/errors';
import { ja } from '../../shared/messages/ja';
import { jaMail } from '../../shared/messages/ja/mail';
import { NO_EMPLOYER_RULES } from '../../shared/schemas/employer-rules';
import { invitations, mentorIcons, mentors, users } from '../db/schema';
import {
  createTestApp,
  signIn,
  findUser,
  insertUser,
  latestMailTo,
  sessionCookieOf,
  tokenFromMail,
  type DevMail,
  type TestApp,
} from '../test/app';

let t: TestApp;
let clientCounter = 0;
/** Each test (and each sign-in) speaks from its own address, so per-client limits never meet. */
let clientIp: string;

function nextIp(): string {
  clientCounter++;
  return `10.3.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

interface Card {
  urlParam: string;
  name: string;
  universityName: string;
  graduationYear: number;
  industry: string;
  company: string;
  message: string;
  iconUrl: string | null;
}

let adminCookie: string;
let studentCookie: string;
/** A 3000×2000 photo, as a phone would send it. */
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.app, { email: 'reg-admin@example.com', role: 'admin' });
  await insertUser(t.app, { email: 'reg-student@example.com', role: 'student' });
  adminCookie = await signInAs('reg-admin@example.com');
  studentCookie = await signInAs('reg-student@example.com');
  photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clientIp = nextIp();
});

// ---------------------------------------------------------------------------------------------
// Requests

function get(url: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: clientIp,
    headers: cookie ? { cookie } : {},
  });
}

async function signInAs(email: string): Promise<string> {
  return signIn(t.app, email, nextIp());
}

let inviteCounter = 0;
/** An admin's invitation for a fresh address; returns its address and code. */
async function newInvitation(role: 'mentor' | 'mentor_pending' = 'mentor') {
  inviteCounter++;
  const email = `og-${inviteCounter}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    payload: { email, role },
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { id: string; email: string; inviteCode: string };
  return { id: body.id, email: body.email, code: body.inviteCode };
}

interface Upload {
  content: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it: the fields first, then the file. */
async function multipart(fields: Record<string, string>, file?: Upload) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    form.append(
      'image',
      new Blob([new Uint8Array(file.content)], { type: file.type ?? 'image/jpeg' }),
      file.filename ?? 'photo.jpg',
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

/** The whole, valid form for an invitation; fields can be overridden or removed (undefined). */
function fieldsFor(
  invitation: { email: string; code: string },
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const all: Record<string, string | undefined> = {
    email: invitation.email,
    code: invitation.code,
    name: '佐藤 美咲',
    nameReading: 'サトウ ミサキ',
    universityId: 'waseda',
    graduationYear: '2015',
    industryCategory: 'IT・通信',
    industrySubcategory: 'ソフトウェア',
    company: '株式会社サンプル',
    message: '就活の悩み、気軽に相談してください。',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

async function submit(fields: Record<string, string>, file: Upload | null = { content: photo }) {
  const body = await multipart(fields, file ?? undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/mentor-registrations',
    payload: body.payload,
    headers: { 'content-type': body.contentType },
    remoteAddress: clientIp,
  });
}

function completeLink(token: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-link',
    payload: { token, email },
    remoteAddress: clientIp,
  });
}

// ---------------------------------------------------------------------------------------------
// What is stored

async function mailsTo(email: string): Promise<DevMail[]> {
  await t.app.ctx.outbox.drain();
  const response = await t.app.inject({ method: 'GET', url: '/_dev/mail' });
  return (response.json() as DevMail[]).filter((mail) => mail.to === email);
}

async function iconCount(): Promise<number> {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(mentorIcons);
  return row!.n;
}

function mentorRows(email: string) {
  return t.app.ctx.db.select().from(mentors).where(eq(mentors.contactEmail, email));
}

async function invitationRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(invitations).where(eq(invitations.id, id));
  return row!;
}

/** What exists for an invitation before any submission, to compare with afterwards. */
async function snapshot(email: string) {
  return {
    users: (await t.app.ctx.db.select().from(users).where(eq(users.email, email))).length,
    mentors: (await mentorRows(email)).length,
    icons: await iconCount(),
    mails: (await mailsTo(email)).length,
  };
}

/** Nothing was stored or sent for the address: no user, no profile, no icon, only the invitation mail. */
async function expectNothingStored(email: string, iconsBefore: number) {
  expect(await snapshot(email)).toEqual({ users: 0, mentors: 0, icons: iconsBefore, mails: 1 });
}

function expectError(
  response: Response,
  status: number,
  code: ErrorCode,
  fieldErrors?: Record<string, string>,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const expected = fieldErrors
    ? { code, message: ja.errors[code], fieldErrors }
    : { code, message: ja.errors[code] };
  expect(response.json()).toEqual(expected);
}

/** Registers from a fresh invitation and follows the mailed link; returns the verified session. */
async function registerAndVerify(
  overrides: Record<string, string | undefined> = {},
  role: 'mentor' | 'mentor_pending' = 'mentor',
) {
  const invitation = await newInvitation(role);
  const response = await submit(fieldsFor(invitation, overrides));
  expect(response.statusCode, response.body).toBe(200);
  const mail = await latestMailTo(t.app, invitation.email);
  const completed = await completeLink(tokenFromMail(mail!), invitation.email);
  expect(completed.statusCode, completed.body).toBe(200);
  const user = await findUser(t.app, invitation.email);
  return { invitation, user: user!, cookie: sessionCookieOf(completed) };
}

/** Every card of the OG list as a verified student sees it, page after page. */
async function listedCards(): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await get(`/api/mentors${query}`, studentCookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('contactEmail');
    const page = response.json() as { items: Card[]; nextCursor: string | null };
    cards.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return cards;
}

// ---------------------------------------------------------------------------------------------

describe('alumni registration: the whole path', () => {
  it('invite → lookup → submit → unverified, unlisted → link → verified, completed, listed', async () => {
    const invitation = await newInvitation('mentor');

    const looked = await get(
      `/api/invitations/lookup?${new URLSearchParams({ email: invitation.email, code: invitation.code }).toString()}`,
    );
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json()).toEqual({ email: invitation.email, role: 'mentor' });

    // The form is submitted with the code typed in lower case.
    const response = await submit(
      fieldsFor(invitation, {
        code: invitation.code.toLowerCase(),
        name: ' 佐藤 美咲 ',
        // Hiragana typed is kept as katakana.
        nameReading: ' さとう みさき ',
        jobType: 'engineering',
        joinedYear: '2015',
        topics: 'es_review,industry_research',
        topicsNote: '文系からエンジニアになりました。',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    // No session for the submitting browser: only the binding cookie its
    // waiting page polls by.
    expect(response.cookies.map((c) => c.name)).not.toContain('og_session');
    const binding = response.cookies.find((c) => c.name === 'og_signin');
    expect(binding).toBeDefined();
    const cookie = `og_signin=${binding!.value}`;
    expect((await get('/api/auth/session', cookie)).json()).toMatchObject({ user: null });
    expect((await get('/api/auth/verification-status', cookie)).json()).toEqual({
      status: 'waiting',
      email: invitation.email,
    });
    const user = (await findUser(t.app, invitation.email))!;
    expect(user).toMatchObject({ role: 'mentor', emailVerified: false });

    // Not verified yet: not in the list, and the invitation is still pending.
    expect((await listedCards()).map((c) => c.urlParam)).not.toContain(user.id);
    expect((await invitationRow(invitation.id)).status).toBe('pending');
    expect((await get('/api/mentors', cookie)).json()).toMatchObject({
      code: 'auth/unauthenticated',
    });

    const mail = (await latestMailTo(t.app, invitation.email))!;
    expect(mail.subject).toContain('OG登録');
    expect(mail.subject).toBe(jaMail.mail.mentorVerification.subject);
    // Completed on any device: another client, the invited address typed.
    clientIp = nextIp();
    const completed = await completeLink(tokenFromMail(mail), invitation.email);
    expect(completed.statusCode, completed.body).toBe(200);

    expect(await findUser(t.app, invitation.email)).toMatchObject({
      id: user.id,
      role: 'mentor',
      emailVerified: true,
    });
    const row = await invitationRow(invitation.id);
    expect(row).toMatchObject({ status: 'completed', userId: user.id });
    expect(row.completedAt).toBeInstanceOf(Date);
    // The waiting browser learns the address is verified, and is still nobody.
    expect((await get('/api/auth/verification-status', cookie)).json()).toEqual({
      status: 'verified',
      email: invitation.email,
    });
    expect((await get('/api/auth/session', cookie)).json()).toMatchObject({ user: null });

    const list = await get('/api/mentors', studentCookie);
    expect(list.statusCode).toBe(200);
    const card = (list.json() as { items: Card[] }).items.find((c) => c.urlParam === user.id);
    expect(card).toEqual({
      urlParam: user.id,
      name: '佐藤 美咲',
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      graduationYear: 2015,
      industry: 'IT・通信 - ソフトウェア',
      company: '株式会社サンプル',
      message: '就活の悩み、気軽に相談してください。',
      iconUrl: expect.stringMatching(/^\/api\/icons\/[0-9a-f-]{36}$/) as unknown,
      accepting: true,
      lastActive: 'day',
      nameReading: 'サトウ ミサキ',
      jobType: 'engineering',
      joinedYear: 2015,
      // In the fixed order of the list, whatever the order sent.
      topics: ['industry_research', 'es_review'],
      topicsNote: '文系からエンジニアになりました。',
      earliestSlot: null,
    });
    // No contact address anywhere in the list.
    expect(list.body).not.toContain('contactEmail');
    expect(list.body).not.toContain(invitation.email);
    expect(list.body).not.toContain('@');

    const icon = await get(card!.iconUrl!, studentCookie);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 800,
      height: 533,
    });

    const me = await get('/api/mentors/me', sessionCookieOf(completed));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toEqual({
      ...card,
      universityId: 'waseda',
      faculty: null,
      companyReading: null,
      contactEmail: invitation.email,
      // Her sign-in address, confirmed by the link she followed: students may see it.
      contactEmailConfirmed: true,
      visitSettings: {
        // A new alumna's address is private until she accepts a request.
        contactVisibility: 'accepted',
        acceptingRequests: true,
        monthlyRequestLimit: null,
        requestsThisMonth: 0,
        autoPaused: false,
      },
      heldVisits: 0,
      // A new alumna has recorded no employer's rules.
      employerRules: NO_EMPLOYER_RULES,
    });

    // The invitation is used up.
    const again = await get(
      `/api/invitations/lookup?email=${encodeURIComponent(invitation.email)}&code=${invitation.code}`,
    );
    expectError(again, 404, 'invitation/invalid-or-used');
  });

  it('stores その他 alone, without a subcategory', async () => {
    const { cookie } = await registerAndVerify({
      industryCategory: 'その他',
      industrySubcategory: undefined,
    });
    const me = await get('/api/mentors/me', cookie);
    expect(me.json()).toMatchObject({ industry: 'その他' });

    const blankDetail = await registerAndVerify({
      industryCategory: 'その他',
      industrySubcategory: '',
    });
    expect((await get('/api/mentors/me', blankDetail.cookie)).json()).toMatchObject({
      industry: 'その他',
    });

    const withDetail = await registerAndVerify({
      industryCategory: 'その他',
      industrySubcategory: '不動産',
    });
    expect((await get('/api/mentors/me', withDetail.cookie)).json()).toMatchObject({
      industry: 'その他 - 不動産',
    });
  });

  it('gives the role of a mentor_pending invitation, which stays out of the list', async () => {
    const invitation = await newInvitation('mentor_pending');
    const response = await submit(fieldsFor(invitation));
    expect(response.statusCode, response.body).toBe(200);
    expect(await findUser(t.app, invitation.email)).toMatchObject({
      role: 'mentor_pending',
      emailVerified: false,
    });

    const mail = (await latestMailTo(t.app, invitation.email))!;
    const completed = await completeLink(tokenFromMail(mail), invitation.email);
    expect(completed.statusCode, completed.body).toBe(200);
    const user = (await findUser(t.app, invitation.email))!;
    expect(user).toMatchObject({ role: 'mentor_pending', emailVerified: true });
    const [profile] = await mentorRows(invitation.email);
    expect(profile).toMatchObject({
      invitationId: invitation.id,
      invitationRole: 'mentor_pending',
      urlParam: user.id,
    });
    expect(await invitationRow(invitation.id)).toMatchObject({
      status: 'completed',
      userId: user.id,
    });

    expect((await listedCards()).map((c) => c.urlParam)).not.toContain(user.id);
    const me = await get('/api/mentors/me', sessionCookieOf(completed));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ contactEmail: invitation.email, urlParam: user.id });
  });

  it('accepts an image just under 5 MB', async () => {
    const side = 1250;
    const noise = randomBytes(side * side * 3);
    const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(big.length).toBeLessThan(ICON_MAX_BYTES);

    const invitation = await newInvitation();
    const response = await submit(fieldsFor(invitation), {
      content: big,
      filename: 'big.png',
      type: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [profile] = await mentorRows(invitation.email);
    const [icon] = await t.app.ctx.db
      .select()
      .from(mentorIcons)
      .where(eq(mentorIcons.id, profile!.iconId!));
    expect(icon).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 800 });
  });
});

describe('alumni registration: each field has its own message', () => {
  const yearAfterNext = String(new Date().getFullYear() + 2);
  const cases: [string, Record<string, string | undefined>, string, string][] = [
    ['no name', { name: undefined }, 'name', 'validation.mentorNameRequired'],
    ['a blank name', { name: '   ' }, 'name', 'validation.mentorNameRequired'],
    ['no university', { universityId: '' }, 'universityId', 'validation.universityRequired'],
    [
      'no graduation year',
      { graduationYear: undefined },
      'graduationYear',
      'validation.graduationYearRequired',
    ],
    [
      'graduation year 1959',
      { graduationYear: '1959' },
      'graduationYear',
      'validation.graduationYearOutOfRange',
    ],
    [
      // Next year is allowed (a student graduating next March applies before then).
      'the year after next as graduation year',
      { graduationYear: yearAfterNext },
      'graduationYear',
      'validation.graduationYearOutOfRange',
    ],
    [
      'no industry',
      { industryCategory: '', industrySubcategory: undefined },
      'industryCategory',
      'validation.industryCategoryRequired',
    ],
    [
      'an unknown industry',
      { industryCategory: '宇宙', industrySubcategory: undefined },
      'industryCategory',
      'validation.industryCategoryRequired',
    ],
    [
      'no subcategory for IT・通信',
      { industrySubcategory: undefined },
      'industrySubcategory',
      'validation.industrySubcategoryRequired',
    ],
    [
      'a subcategory of another category',
      { industrySubcategory: '地方銀行' },
      'industrySubcategory',
      'validation.industrySubcategoryRequired',
    ],
    ['no company', { company: ' ' }, 'company', 'validation.companyRequired'],
    ['a blank message', { message: ' \n ' }, 'message', 'validation.messageRequired'],
    ['no message', { message: undefined }, 'message', 'validation.messageRequired'],
    [
      'a 141-character message',
      { message: 'あ'.repeat(141) },
      'message',
      'validation.messageTooLong',
    ],
  ];

  it.each(cases)(
    'refuses %s with 400 and that field’s message key',
    async (_name, overrides, field, key) => {
      const invitation = await newInvitation();
      const iconsBefore = await iconCount();
      const response = await submit(fieldsFor(invitation, overrides));
      expectError(response, 400, 'invalid-argument', { [field]: key });
      expect(
        ja.validation[key.replace('validation.', '') as keyof typeof ja.validation],
      ).toBeTruthy();
      await expectNothingStored(invitation.email, iconsBefore);
    },
  );

  it('accepts a message of exactly 140 characters and the year 1960', async () => {
    const { cookie } = await registerAndVerify({
      message: 'あ'.repeat(140),
      graduationYear: '1960',
    });
    expect((await get('/api/mentors/me', cookie)).json()).toMatchObject({
      message: 'あ'.repeat(140),
      graduationYear: 1960,
    });
  });

  it('refuses an unknown university id with 400', async () => {
    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    const response = await submit(fieldsFor(invitation, { universityId: 'no-such-university' }));
    expectError(response, 400, 'invalid-argument', {
      universityId: 'validation.universityRequired',
    });
    await expectNothingStored(invitation.email, iconsBefore);
  });

  it('refuses a form without an image with fieldErrors.image', async () => {
    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    const response = await submit(fieldsFor(invitation), null);
    expectError(response, 400, 'invalid-argument', { image: 'validation.imageRequired' });
    // An empty file part counts as no image.
    const empty = await submit(fieldsFor(invitation), { content: Buffer.alloc(0) });
    expectError(empty, 400, 'invalid-argument', { image: 'validation.imageRequired' });
    await expectNothingStored(invitation.email, iconsBefore);
  });
});

describe('alumni registration: uploads refused, nothing stored', () => {
  const notImages: [string, Upload][] = [
    [
      'a text file',
      {
        content: Buffer.from('これは画像ではありません。\n'),
        filename: 'a.txt',
        type: 'text/plain',
      },
    ],
    [
      'an HTML page named photo.jpg',
      {
        content: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        filename: 'photo.jpg',
        type: 'image/jpeg',
      },
    ],
  ];

  it.each(notImages)('refuses %s with 400 upload/not-an-image', async (_name, upload) => {
    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    const response = await submit(fieldsFor(invitation), upload);
    expectError(response, 400, 'upload/not-an-image', { image: 'validation.imageNotImage' });
    await expectNothingStored(invitation.email, iconsBefore);
    expect((await invitationRow(invitation.id)).status).toBe('pending');
  });

  it('refuses a file over 5 MB with 413 upload/image-too-large', async () => {
    const noise = randomBytes(1400 * 1400 * 3);
    const big = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(ICON_MAX_BYTES);

    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    const response = await submit(fieldsFor(invitation), {
      content: big,
      filename: 'big.png',
      type: 'image/png',
    });
    expectError(response, 413, 'upload/image-too-large', { image: 'validation.imageTooLarge' });
    await expectNothingStored(invitation.email, iconsBefore);
  });

  it('refuses a 10000×9000 PNG (a small file, a huge decode) with 413', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 9_000, channels: 3, background: '#36c' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(ICON_MAX_BYTES);

    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    const response = await submit(fieldsFor(invitation), {
      content: bomb,
      filename: 'bomb.png',
      type: 'image/png',
    });
    expectError(response, 413, 'upload/image-too-large', { image: 'validation.imageTooLarge' });
    await expectNothingStored(invitation.email, iconsBefore);

    // The invitation is untouched: a proper photo still registers.
    const retry = await submit(fieldsFor(invitation));
    expect(retry.statusCode, retry.body).toBe(200);
  });
});

describe('alumni registration: invitations and addresses', () => {
  it('refuses a used code with 404', async () => {
    const { invitation } = await registerAndVerify();
    const iconsBefore = await iconCount();
    const mailsBefore = (await mailsTo(invitation.email)).length;
    const response = await submit(fieldsFor(invitation, { name: '別人' }));
    expectError(response, 404, 'invitation/invalid-or-used');
    expect(await iconCount()).toBe(iconsBefore);
    expect(await mentorRows(invitation.email)).toHaveLength(1);
    expect((await mailsTo(invitation.email)).length).toBe(mailsBefore);
  });

  it('refuses a wrong code, or another address with a real code, with 404', async () => {
    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    const wrongCode = invitation.code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    expectError(
      await submit(fieldsFor(invitation, { code: wrongCode })),
      404,
      'invitation/invalid-or-used',
    );
    expectError(
      await submit(fieldsFor(invitation, { email: 'intruder@example.com' })),
      404,
      'invitation/invalid-or-used',
    );
    await expectNothingStored(invitation.email, iconsBefore);
    expect(await findUser(t.app, 'intruder@example.com')).toBeUndefined();
  });

  it('refuses a missing code with 400 invitation/invalid-link', async () => {
    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    expectError(await submit(fieldsFor(invitation, { code: '' })), 400, 'invitation/invalid-link');
    await expectNothingStored(invitation.email, iconsBefore);
  });

  it('refuses an expired invitation with 410 and marks it expired', async () => {
    const invitation = await newInvitation();
    await t.app.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, invitation.id));
    const iconsBefore = await iconCount();
    const response = await submit(fieldsFor(invitation));
    expectError(response, 410, 'invitation/expired');
    expect(response.cookies.find((c) => c.name === 'og_session')).toBeUndefined();
    await expectNothingStored(invitation.email, iconsBefore);
    expect((await invitationRow(invitation.id)).status).toBe('expired');
  });

  it('refuses a second registration with the same invitation with 409', async () => {
    const invitation = await newInvitation();
    const first = await submit(fieldsFor(invitation));
    expect(first.statusCode, first.body).toBe(200);
    const iconsBefore = await iconCount();

    clientIp = nextIp();
    const second = await submit(fieldsFor(invitation, { name: '二重 登録' }));
    expectError(second, 409, 'mentor/email-already-registered');
    expect(second.cookies.find((c) => c.name === 'og_session')).toBeUndefined();

    expect(await snapshot(invitation.email)).toEqual({
      users: 1,
      mentors: 1,
      icons: iconsBefore,
      // The invitation and one verification mail.
      mails: 2,
    });
    expect((await mentorRows(invitation.email))[0]!.name).toBe('佐藤 美咲');
  });

  it('stores nothing when the honeypot is filled, yet answers as if done', async () => {
    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    const response = await submit(fieldsFor(invitation, { website: 'https://spam.example' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.cookies.find((c) => c.name === 'og_session')).toBeUndefined();
    await expectNothingStored(invitation.email, iconsBefore);
    expect((await invitationRow(invitation.id)).status).toBe('pending');
  });
});

describe('alumni registration: bodies that are not a proper multipart form', () => {
  async function send(payload: string | Buffer, contentType?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/mentor-registrations',
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
      remoteAddress: clientIp,
    });
  }

  it('answers 4xx JSON, never 500, and stores nothing', async () => {
    const invitation = await newInvitation();
    const iconsBefore = await iconCount();
    const json = JSON.stringify(fieldsFor(invitation));
    const boundary = '----og-test-boundary';
    const responses = [
      await send(json, 'application/json'),
      await send('name=x&email=y', 'application/x-www-form-urlencoded'),
      await send('hello', 'text/plain'),
      await send(Buffer.from('hello'), 'application/octet-stream'),
      await send('', 'multipart/form-data'),
      // A multipart body cut off in the middle of a part.
      await send(
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n佐藤`,
        `multipart/form-data; boundary=${boundary}`,
      ),
      // Garbage where the part headers should be.
      await send(
        `--${boundary}\r\nthis is not a header\r\n\r\nvalue\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      ),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: expect.any(String) as unknown });
    }
    await expectNothingStored(invitation.email, iconsBefore);
  });
});
