import { randomUUID } from 'node:crypto';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAIL_INTERVAL_MINUTES } from '../../shared/constants';
import { outbox, userReports, users } from '../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';
import { call, expectOk, insertAdmin } from '../test/factories/admins';
import { cookieFor, insertMentor, insertStudent } from '../test/factories/mentors';
import { mailsTo } from '../test/factories/visits';
import { mailNewReports } from './report-mail-service';

let t: TestApp;
let admins: { email: string }[];
let suspendedAdmin: { email: string };
const MINUTE = 60_000;
const INTERVAL = REPORT_MAIL_INTERVAL_MINUTES * MINUTE;
const LINK = `${TEST_ORIGIN}/admin/reports?status=open`;

beforeAll(async () => {
  t = await createTestApp();
  admins = [
    (await insertAdmin(t.app, 'desk-admin-a@example.com')).user,
    (await insertAdmin(t.app, 'desk-admin-b@example.com')).user,
  ];
  const suspended = await insertAdmin(t.app, 'stopped-admin@example.com');
  await t.app.ctx.db
    .update(users)
    .set({ suspendedAt: new Date() })
    .where(eq(users.id, suspended.user.id));
  suspendedAdmin = suspended.user;
});
afterAll(async () => {
  await t?.close();
});

/** A student reports an alumna through the API, as on the site; each time new people. */
async function report(details = '食事の後にしつこく誘われました。') {
  const { user: reporter } = await insertStudent(t.app, { name: '通報 花子' });
  const { user: reported } = await insertMentor(t.app, {
    name: '対象 美咲',
    email: `reported-${randomUUID()}@example.com`,
  });
  const cookie = await cookieFor(t.app, reporter.id);
  expectOk(
    await call(t.app, cookie, 'POST', '/api/reports', {
      userId: reported.id,
      reason: 'harassment',
      details,
    }),
    201,
  );
  return { reporter, reported };
}

/** Oldest first: a row's place without ORDER BY moves on PostgreSQL once it is updated (sent). */
async function allMail() {
  return t.app.ctx.db.select().from(outbox).orderBy(asc(outbox.createdAt));
}

async function reportMails() {
  return (await allMail()).filter((mail) => mail.subject === '【OGコネクト】新しい通報があります');
}

describe('the gathered mail of new reports to the admins', () => {
  it('mails the first at once, gathers the rest for the next mail after the interval, to admins only', async () => {
    const start = new Date(Date.now() + 60 * MINUTE);
    // Reports made before the mail existed were marked mailed by 0022: nothing waits.
    expect(await mailNewReports(t.app.ctx.db, start)).toBe(0);

    const first = await report('居酒屋に誘われ、断っても連絡が続きました。');
    expect(await mailNewReports(t.app.ctx.db, start)).toBe(2);
    for (const admin of admins) {
      const [mail] = await mailsTo(t.app, admin.email);
      expect(mail).toMatchObject({ subject: '【OGコネクト】新しい通報があります', links: [LINK] });
      expect(mail!.text).toContain('新しい通報が1件届いています。');
      // Never who or why: the console says that, after sign-in.
      for (const secret of [
        '居酒屋',
        '対象 美咲',
        '通報 花子',
        first.reported.email,
        first.reporter.email,
        'harassment',
        'ハラスメント',
      ]) {
        expect(mail!.text).not.toContain(secret);
        expect(mail!.html).not.toContain(secret);
      }
    }
    expect(await mailsTo(t.app, suspendedAdmin.email)).toEqual([]);
    expect(await mailsTo(t.app, first.reporter.email)).toEqual([]);
    expect(await mailsTo(t.app, first.reported.email)).toEqual([]);

    // Within the interval, more reports wait, however many passes run.
    await report();
    expect(await mailNewReports(t.app.ctx.db, new Date(start.getTime() + 5 * MINUTE))).toBe(0);
    await report();
    expect(await mailNewReports(t.app.ctx.db, new Date(start.getTime() + INTERVAL - 1000))).toBe(0);
    expect(await reportMails()).toHaveLength(2);

    // Once it has passed, one mail each for the two gathered.
    const later = new Date(start.getTime() + INTERVAL);
    expect(await mailNewReports(t.app.ctx.db, later)).toBe(2);
    for (const admin of admins) {
      const mails = await mailsTo(t.app, admin.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.text).toContain('新しい通報が2件届いています。');
    }
    // Nothing new: nothing more, even long after.
    expect(await mailNewReports(t.app.ctx.db, new Date(later.getTime() + 10 * INTERVAL))).toBe(0);
    expect(await reportMails()).toHaveLength(4);
    expect(
      await t.app.ctx.db.select().from(userReports).where(isNull(userReports.adminsMailedAt)),
    ).toEqual([]);
    // Every mail went to an admin.
    for (const mail of await reportMails()) {
      expect(admins.map((admin) => admin.email)).toContain(mail.to);
    }
  });

  it('sends each gathering once when two processes run at the same moment, and loses none', async () => {
    const [last] = await t.app.ctx.db
      .select({ at: sql<Date>`max(${userReports.adminsMailedAt})` })
      .from(userReports);
    const due = new Date(new Date(last!.at).getTime() + INTERVAL + MINUTE);
    await report();
    await report();
    const before = (await reportMails()).length;
    const runs = await Promise.all([
      mailNewReports(t.app.ctx.db, due),
      mailNewReports(t.app.ctx.db, due),
      // A report made while the two decide: in this gathering or the next, never in none.
      report(),
    ]);
    expect(runs[0]! + runs[1]!).toBe(2);
    const gathered = (await reportMails()).slice(before);
    expect(gathered.map((mail) => mail.to).sort()).toEqual(admins.map((admin) => admin.email));
    expect(new Set(gathered.map((mail) => mail.text)).size).toBe(1);

    const next = new Date(due.getTime() + INTERVAL);
    await Promise.all([mailNewReports(t.app.ctx.db, next), mailNewReports(t.app.ctx.db, next)]);
    expect(
      await t.app.ctx.db.select().from(userReports).where(isNull(userReports.adminsMailedAt)),
    ).toEqual([]);
    const mailed = (await reportMails()).slice(before);
    const counted = mailed
      .filter((mail) => mail.to === admins[0]!.email)
      .map((mail) => Number(/新しい通報が(\d+)件/.exec(mail.text)![1]));
    expect(counted.reduce((sum, n) => sum + n, 0)).toBe(3);
  });
});
