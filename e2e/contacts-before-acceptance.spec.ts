import { mailTo } from './support/mail';
import { expect, signInAs, test } from './support/test';
import { capture } from './support/capture';
import { openRequestForm, sendRequest, signInMentor, slot } from './support/visits';

/** Seeded people (scripts/seed-demo.ts) that no other journey uses. */
const MENTOR = 'og34@demo.example.jp';
const STUDENT = 'student11@aoyama.jp';
const CONTACTS = '電話090-1234-5678、LINE ID: tanaka01、mail tanaka@gmail.com';

test('contacts in a request stay hidden from the alumna before acceptance; the meeting link names its host and refuses a user part', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { mentorContext, mentorPage, mentorName } = await signInMentor(browser, MENTOR);

  // The student is warned while typing, and may still send: the words reach her masked.
  await signInAs(page, STUDENT);
  await openRequestForm(page, mentorName);
  await page.getByLabel('メッセージ').fill(`青山の学生です。急ぎの場合は${CONTACTS}へどうぞ。`);
  await expect(
    page.getByText('連絡先と思われる部分は相手には「＊＊＊」と表示されます', { exact: false }),
  ).toBeVisible();
  await capture(page, 'request-form-contact-warning');
  const requestUrl = await sendRequest(page, {
    purpose: '企業研究',
    firstWish: slot(5, 14),
    format: 'オンライン',
  });
  // Its author reads what she wrote.
  await expect(page.getByText('090-1234-5678', { exact: false })).toBeVisible();

  // The alumna reads none of it, on the request and in the mail.
  const requestMail = await mailTo(page.request, MENTOR);
  expect(requestMail.text).not.toContain('090-1234-5678');
  await mentorPage.goto(requestUrl);
  await expect(mentorPage.getByText('青山の学生です。', { exact: false })).toBeVisible();
  for (const contact of ['090-1234-5678', 'tanaka01', 'tanaka@gmail.com']) {
    await expect(mentorPage.getByText(contact, { exact: false })).toHaveCount(0);
  }
  await capture(mentorPage, 'request-masked-for-mentor');

  // She accepts; a link with a user part is refused, a meeting service's link is named by host.
  await mentorPage.getByRole('radio', { name: /14:00/ }).check();
  await mentorPage.getByLabel('安全のためのルールを確認し、守ります').check();
  await mentorPage.getByRole('button', { name: '承諾する' }).click();
  await expect(mentorPage.getByText('承諾済み')).toBeVisible();
  await mentorPage
    .getByLabel('オンライン会議のURL')
    .fill('https://accounts.google.com@evil.example/');
  await mentorPage.getByRole('button', { name: '保存する' }).click();
  await expect(
    mentorPage.getByText('ユーザー名やパスワード（@ の前の部分）を含むURLは使えません', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(mentorPage.getByRole('link', { name: /evil\.example/ })).toHaveCount(0);
  await mentorPage.getByLabel('オンライン会議のURL').fill('https://meet.google.com/abc-defg-hij');
  await mentorPage.getByRole('button', { name: '保存する' }).click();
  await expect(mentorPage.getByRole('link', { name: 'meet.google.com を開きます' })).toBeVisible();

  await page.reload();
  const link = page.getByRole('link', { name: 'meet.google.com を開きます' });
  await expect(link).toHaveAttribute('href', 'https://meet.google.com/abc-defg-hij');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  // Written before acceptance, the message stays hidden from the alumna for good.
  await mentorPage.reload();
  await expect(mentorPage.getByText('青山の学生です。', { exact: false })).toBeVisible();
  await expect(mentorPage.getByText('090-1234-5678', { exact: false })).toHaveCount(0);
  await capture(page, 'meeting-link-names-host');
  await mentorContext.close();
});

test('an alumna’s separate contact address waits for its mailed link before students see it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const mentor = 'og36@demo.example.jp';
  const contact = 'og36-contact@demo.example.jp';
  await signInAs(page, mentor);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('連絡先メールアドレス').fill(contact);
  await page.getByRole('button', { name: '設定を保存' }).click();
  await expect(page.getByText('受付設定を保存しました。')).toBeVisible();
  await expect(page.getByText('確認待ち', { exact: true })).toBeVisible();
  await capture(page, 'contact-address-pending');

  // The link's page confirms only when its button is pressed (mail scanners do nothing).
  const mail = await mailTo(page.request, contact);
  expect(mail.subject).toBe('【OGコネクト】連絡先メールアドレスの確認');
  await page.goto(mail.links.find((url) => url.includes('/contact-email/confirm'))!);
  await expect(page.getByRole('heading', { name: '連絡先メールアドレスの確認' })).toBeVisible();
  await page.getByRole('button', { name: '確認する' }).click();
  await expect(page.getByText(`連絡先メールアドレス ${contact} を確認しました。`)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('確認待ち', { exact: true })).toHaveCount(0);
});
