import { mailTo, verifyLink } from './support/mail';
import { expect as baseExpect, newContext, test, type Page } from './support/test';
import { capture } from './support/capture';

/** A busy machine answers slowly: each step may take longer than the default 5 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** og08 is this journey's alone; student03 only reads pages elsewhere (a11y.spec.ts). */
const MENTOR = 'og08@demo.example.jp';
const STUDENT = 'student03@stu.hosei.ac.jp';

/** "YYYY-MM-DDTHH:mm" in Japan time, `days` from now at `hour`:00: what the field takes. */
function slot(days: number, hour: number): string {
  const tokyo = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return `${tokyo.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

/** signInAs, with this journey's patience (the first page took more than 5 s on a busy machine). */
async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(page.getByRole('heading', { name: 'ログインリンクを送信しました' })).toBeVisible();
  await page.goto(verifyLink(await mailTo(page.request, email)));
  await expect(page).not.toHaveURL(/verify-email/);
}

const MESSAGE = '法政大学3年の学生です。御社の若手の働き方について、30分ほどお話を伺えませんか。';

test('a request message survives a reload, and the alumna reads it before she answers', async ({
  page,
  browser,
}) => {
  // Two people, a reload and four full-page captures: past 120 s on a busy machine.
  test.setTimeout(180_000);

  const mentorContext = await newContext(browser);
  const mentorPage = await mentorContext.newPage();
  await signIn(mentorPage, MENTOR);
  await expect(mentorPage).toHaveURL(/\/profile$/);
  const mentorName = (await mentorPage.locator('.profile-name').textContent())!;

  // The student writes her message, and the page reloads: nothing typed is lost.
  await signIn(page, STUDENT);
  await page.getByLabel('キーワード').fill(mentorName);
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await page
    .getByRole('link', { name: new RegExp(mentorName) })
    .first()
    .click();
  await page.getByRole('link', { name: 'OG訪問を依頼する' }).click();
  await page.getByLabel('メッセージ').fill(MESSAGE);
  await page.reload();
  await expect(page.getByLabel('メッセージ')).toHaveValue(MESSAGE);
  await capture(page, 'request-form-draft');

  await page.getByLabel('目的').selectOption({ label: '企業研究' });
  await page.getByLabel('第1希望').fill(slot(5, 10));
  await page.getByLabel('オンライン').check();
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await page.getByRole('button', { name: '依頼を送信する' }).click();
  await expect(page).toHaveURL(/\/visit-requests\/[0-9a-f-]{36}$/);
  // Sent: the draft is gone from the tab.
  const drafts = await page.evaluate(() =>
    Object.keys(sessionStorage).filter((key) => key.startsWith('visitRequestDraft:')),
  );
  expect(drafts).toEqual([]);

  // The alumna opens it on her phone: the student's message and profile, then her answer.
  await mentorPage.setViewportSize({ width: 375, height: 900 });
  await mentorPage.goto(page.url());
  const facts = mentorPage.getByRole('region', { name: '依頼の内容' });
  await expect(facts.getByText(MESSAGE)).toBeVisible();
  const factsBox = (await facts.boundingBox())!;
  const answerBox = (await mentorPage
    .getByRole('region', { name: '依頼を承諾する' })
    .boundingBox())!;
  expect(factsBox.y).toBeLessThan(answerBox.y);
  await capture(mentorPage, 'request-read-first');
  await mentorContext.close();
});
