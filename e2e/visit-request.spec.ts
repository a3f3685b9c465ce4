import { mailTo } from './support/mail';
import { expect, newContext, signInAs, test } from './support/test';

/** Seeded people (scripts/seed-demo.ts) that no other journey changes. */
const MENTOR = 'og30@demo.example.jp';
const STUDENT = 'student08@ed.ritsumei.ac.jp';

/** "YYYY-MM-DDTHH:mm" in Japan time, `days` from now at `hour`:00: what the field takes. */
function slot(days: number, hour: number): string {
  const tokyo = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return `${tokyo.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

test('a student asks an alumna for a visit, she accepts from the e-mailed link, the student sees her address', async ({
  page,
  browser,
}) => {
  await page.request.delete('/_dev/mail');

  // The alumna shows her address only to students whose request she accepted.
  const mentorContext = await newContext(browser);
  const mentorPage = await mentorContext.newPage();
  await signInAs(mentorPage, MENTOR);
  await expect(mentorPage).toHaveURL(/\/profile$/);
  const mentorName = (await mentorPage.locator('.profile-name').textContent())!;
  await mentorPage.getByLabel('依頼を承諾した学生にだけ公開する').check();
  await mentorPage.getByRole('button', { name: '設定を保存' }).click();
  await expect(mentorPage.getByText('受付設定を保存しました。')).toBeVisible();
  await mentorPage.getByRole('button', { name: 'メニュー' }).click();
  await mentorPage.getByRole('button', { name: 'ログアウト' }).click();
  await expect(mentorPage).toHaveURL(/\/login/);

  // The student finds her, cannot see the address yet, and sends a request.
  await signInAs(page, STUDENT);
  await page.getByLabel('キーワード').fill(mentorName);
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await page
    .getByRole('link', { name: new RegExp(mentorName) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: mentorName })).toBeVisible();
  await expect(page.getByText('連絡先は依頼が承諾されると表示されます。')).toBeVisible();
  await expect(page.getByText(MENTOR)).toHaveCount(0);
  await page.getByRole('link', { name: 'OG訪問を依頼する' }).click();

  await page.getByLabel('目的').selectOption({ label: '企業研究' });
  await page
    .getByLabel('メッセージ')
    .fill('立命館大学3年の学生です。御社の働き方について30分ほどお話を伺えませんか。');
  await page.getByLabel('第1希望').fill(slot(3, 21));
  await page.getByRole('button', { name: '希望日時を追加' }).click();
  await page.getByLabel('第2希望').fill(slot(4, 18));
  await page.getByLabel('オンライン').check();
  await page.getByRole('button', { name: '依頼を送信する' }).click();
  // Late at night and without the rules confirmed: refused on the page, nothing sent.
  await expect(
    page.getByText('面談の開始時刻は8:00〜20:00の間で指定してください', { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByText('安全のためのルールを確認し、チェックを入れてください。'),
  ).toBeVisible();
  await page.getByLabel('第1希望').fill(slot(3, 10));
  await expect(page.getByText('飲酒を伴う面談', { exact: false })).toBeVisible();
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await page.getByRole('button', { name: '依頼を送信する' }).click();
  await expect(page).toHaveURL(/\/visit-requests\/[0-9a-f-]{36}$/);
  await expect(page.getByText('返答待ち').first()).toBeVisible();

  // The alumna opens the e-mailed link signed out, signs in, and lands on the request.
  const requestMail = await mailTo(page.request, MENTOR);
  expect(requestMail.subject).toBe('【OGコネクト】OG訪問の依頼が届きました');
  const requestLink = requestMail.links.find((url) => url.includes('/visit-requests/'))!;
  await mentorPage.goto(requestLink);
  await expect(mentorPage).toHaveURL(/\/login/);
  await signInAs(mentorPage, MENTOR);
  await expect(mentorPage).toHaveURL(requestLink);
  await expect(mentorPage.getByRole('link', { name: /OG訪問/ }).first()).toContainText('1');
  await expect(mentorPage.getByText('立命館大学3年の学生です。', { exact: false })).toBeVisible();
  await mentorPage.getByRole('radio', { name: /日\(.\) 10:00/ }).check();
  await mentorPage.getByLabel('安全のためのルールを確認し、守ります').check();
  await mentorPage.getByRole('button', { name: '承諾する' }).click();
  await expect(mentorPage.getByText('承諾済み')).toBeVisible();
  await expect(mentorPage.getByRole('link', { name: STUDENT })).toBeVisible();

  // The student reads the mail and now sees her address, on the request and her page.
  const acceptedMail = await mailTo(page.request, STUDENT);
  expect(acceptedMail.subject).toBe('【OGコネクト】OG訪問の依頼が承諾されました');
  await page.goto(acceptedMail.links.find((url) => url.includes('/visit-requests/'))!);
  await expect(page.getByText('承諾済み')).toBeVisible();
  await expect(page.getByRole('link', { name: MENTOR })).toBeVisible();
  await page.getByRole('link', { name: mentorName }).click();
  await expect(page.getByRole('link', { name: MENTOR })).toBeVisible();
  await mentorContext.close();
});
