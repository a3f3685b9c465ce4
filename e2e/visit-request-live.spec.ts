import { mailTo } from './support/mail';
import { expect, signInAs, test } from './support/test';
import { capture } from './support/capture';
import { openRequestForm, sendRequest, signInMentor, slot } from './support/visits';

/** Seeded people (scripts/seed-demo.ts): an alumna no other journey uses, a student reused. */
const MENTOR = 'og11@demo.example.jp';
const STUDENT = 'student05@kwansei.ac.jp';

test('both open pages follow the request, a stale tab is shown the request as it is now, and a cancelled visit leads with its reason', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  const { mentorContext, mentorPage, mentorName } = await signInMentor(browser, MENTOR);

  // The student sends a request and keeps its page open.
  await signInAs(page, STUDENT);
  await openRequestForm(page, mentorName);
  const requestUrl = await sendRequest(page, {
    purpose: '企業研究',
    message: '関西学院大学の学生です。お仕事について伺えませんか。',
    firstWish: slot(5, 10),
    format: 'オンライン',
  });

  // She accepts; the student's open page shows it without a reload.
  await mentorPage.goto(requestUrl);
  const form = mentorPage.getByRole('region', { name: '依頼を承諾する' });
  await form.getByRole('radio').first().check();
  await form.getByLabel('安全のためのルールを確認し、守ります').check();
  await form.getByRole('button', { name: '承諾する' }).click();
  await expect(
    mentorPage.getByRole('region', { name: 'OG訪問の日時が決まりました' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'OG訪問の日時が決まりました' })).toBeVisible({
    timeout: 20_000,
  });

  // Her second tab, opened now, is stale once the student cancels in hers.
  const staleTab = await mentorContext.newPage();
  // Its polling answered with the request as first loaded, so that the tab stays as it was.
  let heldAnswer: string | null = null;
  let staleHeld = false;
  await staleTab.route('**/api/visit-requests/*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    if (staleHeld && heldAnswer) {
      return route.fulfill({ status: 200, contentType: 'application/json', body: heldAnswer });
    }
    const response = await route.fetch();
    heldAnswer = await response.text();
    return route.fulfill({ response, body: heldAnswer });
  });
  await staleTab.goto(requestUrl);
  await expect(staleTab.getByRole('region', { name: 'OG訪問の日時が決まりました' })).toBeVisible();
  staleHeld = true;

  await page.getByRole('button', { name: 'この予定を取り消す' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('取り消しの理由（任意）').fill('ゼミの発表と重なってしまいました。');
  await dialog.getByRole('button', { name: '取り消す' }).click();
  await expect(page.getByText('依頼を取り消しました。')).toBeVisible();

  // Her first page follows within a poll; the mail names the agreed time.
  await expect(mentorPage.getByText('学生が取り消しました。')).toBeVisible({ timeout: 20_000 });
  const mail = await mailTo(page.request, MENTOR);
  expect(mail.subject).toBe('【OGコネクト】OG訪問の依頼が取り消されました');
  expect(mail.text).toContain('日時：');
  expect(mail.text).not.toContain('希望日時');

  // The stale tab tries to cancel too: it is shown the request as it is now, calmly. It stays
  // stale until its cancel is sent (a poll in between would close the dialog under the click).
  staleTab.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/visit-requests/')) {
      staleHeld = false;
    }
  });
  await staleTab.getByRole('button', { name: 'この予定を取り消す' }).click();
  await staleTab.getByRole('dialog').getByRole('button', { name: '取り消す' }).click();
  await expect(
    staleTab.getByRole('status').filter({ hasText: '状態が変わっていました' }),
  ).toBeVisible();
  await expect(staleTab.getByText('ゼミの発表と重なってしまいました。')).toBeVisible();
  await expect(staleTab.getByText('取り消せませんでした', { exact: false })).toHaveCount(0);
  await capture(staleTab, 'request-stale-tab');

  await mentorPage.reload();
  await expect(mentorPage.getByText('予定していた日時：', { exact: false })).toBeVisible();
  await expect(mentorPage.getByText('連絡先は依頼が承諾されると表示されます。')).toHaveCount(0);
  await capture(mentorPage, 'request-cancelled-alumna');
  await mentorContext.close();
});
