import { scan } from './support/axe';
import { expect, newContext, signInAs, test } from './support/test';
import { capture } from './support/capture';

/**
 * Seeded people (scripts/seed-demo.ts) that no other journey uses: the demo seeds a visit of
 * this student with this alumna, held two days ago and not yet recorded.
 */
const STUDENT = 'student05@kwansei.ac.jp';
const MENTOR = 'og38@demo.example.jp';
const ADMIN = 'office@example.com';

test('after a held visit the student records it, thanks the alumna in the thread and leaves private feedback; the alumna sees the thanks and 実施 1件; the admin sees the funnel and the feedback', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // The student opens the visit from the list: the follow-up is offered.
  await signInAs(page, STUDENT);
  await page.goto('/visit-requests');
  await page
    .getByRole('link', { name: /さん（/ })
    .first()
    .click();
  const followUp = page.getByRole('region', { name: 'OG訪問のあと' });
  await expect(followUp).toBeVisible();
  await scan(page, 'follow-up');

  await followUp.getByRole('button', { name: '実施済みにする' }).click();
  await expect(followUp.getByText('実施済みとして記録しました。')).toBeVisible();

  const thanks = followUp.getByRole('textbox', { name: /お礼のメッセージ/ });
  await expect(thanks).toHaveValue(/様\n\nお忙しい中/);
  await followUp.getByRole('button', { name: 'お礼を送る' }).click();
  await expect(followUp.getByText('お礼を送りました。')).toBeVisible();
  // The thanks is in the thread, marked as such.
  await expect(page.locator('.thread-message-thanks')).toContainText('お忙しい中');

  const feedback = followUp.getByRole('group', { name: 'ゼミへのフィードバック（非公開）' });
  await feedback.getByRole('radio', { name: '5（とても満足）' }).check();
  await feedback
    .getByRole('textbox', { name: /コメント/ })
    .fill('具体的なお話が聞けて参考になりました。');
  await feedback.getByRole('button', { name: 'フィードバックを送る' }).click();
  await expect(feedback.getByText('送ったフィードバック：満足度 5')).toBeVisible();
  await capture(page, 'follow-up-done');

  // The alumna: the thanks on the bell and in the thread, her own record, 実施 1件 on her page.
  const mentorContext = await newContext(browser);
  const mentorPage = await mentorContext.newPage();
  await signInAs(mentorPage, MENTOR);
  await mentorPage.getByRole('button', { name: /お知らせ/ }).click();
  await mentorPage.getByRole('link', { name: /からお礼が届きました/ }).click();
  await expect(mentorPage.locator('.thread-message-thanks')).toContainText('お忙しい中');
  const mentorFollowUp = mentorPage.getByRole('region', { name: 'OG訪問のあと' });
  await expect(mentorFollowUp.getByText(/さんも実施済みとして記録しています。/)).toBeVisible();
  await mentorFollowUp.getByRole('button', { name: '実施済みにする' }).click();
  await expect(mentorFollowUp.getByText('実施済みとして記録しました。')).toBeVisible();
  // Her feedback is not the student's: she has none yet.
  await expect(mentorFollowUp.getByText('送ったフィードバック')).toHaveCount(0);
  const me = (await (await mentorPage.request.get('/api/mentors/me')).json()) as {
    urlParam: string;
  };
  await page.goto(`/mentor/${me.urlParam}`);
  await expect(page.getByText('OG訪問 実施1件')).toBeVisible();
  await mentorContext.close();

  // The admin: the funnel counts the held and thanked visit; the feedback page lists it.
  const adminContext = await newContext(browser);
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, ADMIN);
  await adminPage.goto('/admin');
  const funnel = adminPage.getByRole('region', {
    name: 'OG訪問の状況（直近6か月・依頼した月別）',
    exact: true,
  });
  await expect(funnel).toBeVisible();
  const rows = funnel.getByRole('row');
  // Header, then one row per month; the seeded requests fall in this month or the last.
  await expect(rows).toHaveCount(7);
  const totals = await funnel.locator('tbody tr').evaluateAll((trs) =>
    trs.reduce(
      (sum, tr) => {
        const cells = [...tr.querySelectorAll('td')].map((td) => Number(td.textContent));
        return sum.map((value, i) => value + (cells[i] ?? 0));
      },
      [0, 0, 0, 0],
    ),
  );
  expect(totals[2]).toBeGreaterThanOrEqual(1);
  expect(totals[3]).toBeGreaterThanOrEqual(1);
  await expect(funnel.getByText('OGの回答率')).toBeVisible();
  // On a phone the table is wider than the screen and says it scrolls; on a laptop it fits.
  const hint = adminPage.getByText('表は横にスクロールできます。→');
  await adminPage.setViewportSize({ width: 375, height: 900 });
  await expect(hint).toBeVisible();
  const scroller = funnel.getByRole('region', {
    name: 'OG訪問の状況（直近6か月・依頼した月別）の表',
  });
  const scrolls = await scroller.evaluate((region) => region.scrollWidth > region.clientWidth);
  expect(scrolls).toBe(true);
  await capture(adminPage, 'admin-funnel');
  // capture ends at 1280 px, where the table fits and no hint is shown.
  await expect(hint).toBeHidden();

  await adminPage.getByRole('link', { name: 'フィードバック' }).click();
  await expect(
    adminPage.getByRole('heading', { level: 1, name: 'OG訪問のフィードバック' }),
  ).toBeVisible();
  await expect(
    adminPage.getByRole('cell', { name: '具体的なお話が聞けて参考になりました。' }),
  ).toBeVisible();
  await capture(adminPage, 'admin-feedback');
  await adminContext.close();
});
