import { expect, test } from '@playwright/test';
import { visitRequestData } from '../src/web/test/visit-data';
import { capture } from './support/capture';
import { mailTo, verifyLink } from './support/mail';

/** A seeded alumna no other journey uses (scripts/seed-demo.ts). */
const MENTOR = 'og13@demo.example.jp';
const NOTICE = '個人情報の取り扱いについて';

test('the privacy notice shows once per sign-in, not in a new tab or a link opened from a mail; a graduated alumna\u2019s history is labelled', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.request.delete('/_dev/mail');
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(MENTOR);
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(page.getByRole('heading', { name: 'ログインリンクを送信しました' })).toBeVisible();
  await page.goto(verifyLink(await mailTo(page.request, MENTOR)));

  const notice = page.getByRole('dialog', { name: NOTICE });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await capture(page, 'privacy-notice-at-sign-in', { fullPage: false });
  await notice.getByRole('button', { name: '確認しました' }).click();
  await expect(notice).toBeHidden();

  // A new tab, and a request's link opened from a mail (another new tab): no notice again.
  const tab = await context.newPage();
  await tab.goto('/mentors-list');
  // A fresh tab loads the whole app again: slow on a busy machine.
  await expect(tab.getByRole('heading', { name: 'OG一覧' })).toBeVisible({ timeout: 30_000 });
  const fromMail = await context.newPage();
  await fromMail.goto('/visit-requests');
  await expect(fromMail.getByRole('heading', { name: '届いた依頼' })).toBeVisible({
    timeout: 30_000,
  });
  for (const each of [tab, fromMail]) {
    await expect(each.getByRole('dialog', { name: NOTICE })).toHaveCount(0);
  }
  await capture(fromMail, 'privacy-notice-not-again-from-mail', { fullPage: false });
  await tab.close();
  await fromMail.close();

  // Her list as a graduated alumna sees it (the list answered here: becoming an OG from a
  // student takes an admin's approval and weeks of visits): a held visit she received and
  // requests she sent as a student, under their own heading.
  const received = visitRequestData({
    id: '11111111-1111-4111-8111-111111111111',
    side: 'mentor',
    status: 'accepted',
    meetingAt: '2026-10-09T05:00:00.000Z',
  });
  received.followUp = { ...received.followUp, myOutcome: 'held' };
  const sentHeld = visitRequestData({
    id: '22222222-2222-4222-8222-222222222222',
    side: 'student',
    status: 'accepted',
    meetingAt: '2025-06-12T06:00:00.000Z',
  });
  sentHeld.followUp = { ...sentHeld.followUp, otherOutcome: 'held' };
  const sentDeclined = visitRequestData({
    id: '33333333-3333-4333-8333-333333333333',
    side: 'student',
    status: 'declined',
  });
  await page.route('**/api/visit-requests', (route) =>
    route.fulfill({ json: { items: [received, sentHeld, sentDeclined], awaitingReply: 0 } }),
  );
  await page.goto('/visit-requests');
  const mine = page.getByRole('region', { name: '届いた依頼' });
  const asStudent = page.getByRole('region', { name: '学生時代に送った依頼' });
  await expect(asStudent).toBeVisible({ timeout: 30_000 });
  await expect(mine.getByRole('link')).toHaveCount(1);
  await expect(mine.getByRole('link')).toContainText('実施済み');
  await expect(asStudent.getByRole('link')).toHaveCount(2);
  await expect(asStudent.getByRole('link').first()).toContainText('実施済み');
  await expect(asStudent.getByRole('link').nth(1)).toContainText('辞退');
  await expect(page.getByRole('dialog', { name: NOTICE })).toHaveCount(0);
  await capture(page, 'graduated-alumna-requests');
});
