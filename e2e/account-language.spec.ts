import { expect, type Page } from '@playwright/test';
import { capture } from './support/capture';
import type { DevMail } from './support/mail';
import { markPrivacyNoticeSeen, signInAs, SIGN_IN_PATIENCE, test } from './support/test';

/** A seeded alumna no other journey uses (scripts/seed-demo.ts). */
const MENTOR = 'og09@demo.example.jp';
const ENGLISH_SIGN_IN = '[OG Connect] Your login link';

/** The newest sign-in mail to the mentor with `subject` (older ones stay in the outbox). */
async function signInMail(page: Page, subject: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/_dev/mail')).json()) as DevMail[];
        found = mails.find((mail) => mail.to === MENTOR && mail.subject === subject);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test('the language chosen on one device is the account’s: its mails and another device follow it (decision 0041)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, MENTOR);
  await expect(page).toHaveURL(/\/profile$/, SIGN_IN_PATIENCE);
  await page.getByRole('button', { name: 'メニューを開く' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('dialog').getByRole('group', { name: 'Language' })).toBeVisible();

  // Her phone has never chosen a language (unlike the journeys' browsers, which chose Japanese):
  // its sign-in page is Japanese, the mail is English...
  const phoneContext = await browser.newContext();
  await phoneContext.addInitScript(markPrivacyNoticeSeen);
  const phone = await phoneContext.newPage();
  await phone.goto('/login');
  await phone.getByLabel('メールアドレス').fill(MENTOR);
  await phone.getByRole('button', { name: 'ログインリンクを送信' }).click();
  const mail = await signInMail(phone, ENGLISH_SIGN_IN);
  expect(mail.text).toContain('Open the link below to log in.');
  // ...and once signed in, the phone shows the site in English.
  const link = mail.links.find((url) => url.includes('/auth/verify-email?token='))!;
  await phone.goto(link);
  await expect(phone).toHaveURL(/\/profile$/, SIGN_IN_PATIENCE);
  await expect(phone.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
  await capture(phone, 'account-language-phone-in-english');

  // Back to Japanese on the phone: the account (and so its mails) follows the latest choice;
  // the first browser keeps English, which was chosen on it.
  await phone.getByRole('button', { name: 'Open menu' }).click();
  await phone.getByRole('dialog').getByRole('button', { name: '日本語' }).click();
  await expect(phone.getByRole('dialog').getByRole('group', { name: '表示言語' })).toBeVisible();
  const accountLanguage = async () =>
    ((await (await page.request.get('/api/auth/session')).json()) as { user: { language: string } })
      .user.language;
  await expect.poll(accountLanguage).toBe('ja');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
