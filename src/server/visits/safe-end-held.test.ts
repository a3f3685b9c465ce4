import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../shared/schemas/admin';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { call, insertAdmin } from '../test/factories/admins';
import { createTestApp, type TestApp } from '../test/app';
import { HOUR_MS, mailsTo, requestRow, viewRequest, agreedVisit } from '../test/factories/visits';

/**
 * One answer after the visit (issue 56, point 2): 「無事に終わりました」 also records the visit as
 * held for the student, so 「OG訪問は実施されましたか？」 is not asked again and the funnel counts it;
 * 「困ったことがあった」 records nothing; an outcome she already gave (a no-show claim above all,
 * decision 0033) stays as she gave it.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** An in-person visit three hours ago: the safe-end ask is due. */
function heldVisit() {
  return agreedVisit(t.app, { meetingAt: new Date(Date.now() - 3 * HOUR_MS) });
}

function confirm(cookie: string, id: string) {
  return call(t.app, cookie, 'POST', `/api/visit-requests/${id}/safe-end`);
}

async function heldThisMonth(): Promise<number> {
  const overview = (await call(t.app, admin.cookie, 'GET', '/api/admin/overview')).json();
  return (overview as AdminOverview).visits.byMonth.at(-1)!.held;
}

describe('「無事に終わりました」 records the visit as held', () => {
  it('answers 「実施されましたか」 for the student: both sides read it, and the funnel counts it', async () => {
    const { student, mentor, id } = await heldVisit();
    const before = await heldThisMonth();
    expect((await confirm(student.cookie, id)).statusCode).toBe(200);

    expect((await requestRow(t.app, id))!.studentOutcome).toBe('held');
    const mine = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(mine.followUp.myOutcome).toBe('held');
    const theirs = (await viewRequest(t.app, mentor.cookie, id)).json() as VisitRequest;
    expect(theirs.followUp.otherOutcome).toBe('held');
    expect(await heldThisMonth()).toBe(before + 1);
    // Recording 実施済み tells nobody, as it does from the follow-up.
    expect(await mailsTo(t.app, mentor.email)).toHaveLength(0);
  });

  it('keeps a no-show claim she filed before: only changing her record withdraws it', async () => {
    const { student, mentor, id } = await heldVisit();
    const claimed = await call(t.app, student.cookie, 'POST', `/api/visit-requests/${id}/outcome`, {
      outcome: 'no_show',
      reason: '待ち合わせ場所に来ませんでした',
    });
    expect(claimed.statusCode).toBe(200);
    expect((await confirm(student.cookie, id)).statusCode).toBe(200);

    expect((await requestRow(t.app, id))!.studentOutcome).toBe('no_show');
    const theirs = (await viewRequest(t.app, mentor.cookie, id)).json() as VisitRequest;
    expect(theirs.followUp.claimAgainstMe).toMatchObject({ withdrawnAt: null });
  });

  it('is not recorded by 「困ったことがあった」, which is a report about the alumna', async () => {
    const { student, mentor, id } = await heldVisit();
    const reported = await call(t.app, student.cookie, 'POST', '/api/reports', {
      userId: mentor.id,
      reason: 'harassment',
      details: '帰り際にしつこく食事に誘われました。',
      visitRequestId: id,
    });
    expect(reported.statusCode).toBe(201);
    expect((await requestRow(t.app, id))!.studentOutcome).toBeNull();
    const mine = (await viewRequest(t.app, student.cookie, id)).json() as VisitRequest;
    expect(mine.followUp.myOutcome).toBeNull();
  });
});
