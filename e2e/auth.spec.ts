import { expect, test, type Page, newContext } from './support/test';
import { mailTo, verifyLink as signInLink } from './support/mail';

const ADMIN = 'admin@example.com';

async function requestLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(page.getByRole('heading', { name: 'ログインリンクを送信しました' })).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await request.delete('/_dev/mail');
});

test('an admin signs in by the e-mailed link, stays signed in on reload, and signs out', async ({
  page,
  request,
}) => {
  await requestLink(page, ADMIN);
  const mail = await mailTo(request, ADMIN);
  expect(mail.subject).toContain('ログイン');

  await page.goto(signInLink(mail));
  await expect(page).toHaveURL(/\/admin$/);
  const tabs = page.getByRole('navigation', { name: 'メインメニュー' }).first();
  await expect(tabs.getByRole('link', { name: '管理' })).toBeVisible();

  // An admin lands on the console; reloading keeps her signed in there.
  await page.reload();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: '管理画面の概要', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'メニューを開く' }).click();
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/mentors-list');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('ログインが必要です。')).toBeVisible();
});

test('a link opened in another browser asks for the address first', async ({
  page,
  browser,
  request,
}) => {
  await requestLink(page, ADMIN);
  const link = signInLink(await mailTo(request, ADMIN));

  const otherDevice = await newContext(browser);
  const phone = await otherDevice.newPage();
  await phone.goto(link);
  await expect(phone.getByText('リンクを受け取ったメールアドレスを入力してください')).toBeVisible();
  await phone.getByLabel('メールアドレス').fill('someone-else@example.com');
  await phone.getByRole('button', { name: 'ログインする' }).click();
  await expect(phone.getByRole('alert')).toContainText('一致しません');

  await phone.getByLabel('メールアドレス').fill(ADMIN);
  await phone.getByRole('button', { name: 'ログインする' }).click();
  await expect(phone).toHaveURL(/\/admin$/);
  await otherDevice.close();
});

test('the one-time code from the mail signs in the browser that asked', async ({
  page,
  request,
}) => {
  await requestLink(page, ADMIN);
  const mail = await mailTo(request, ADMIN);
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  await page.getByLabel('確認コード（6桁）').fill(code!);
  await page.getByRole('button', { name: 'コードでログイン' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('an invalid or used link shows the invalid-link message', async ({ page, request }) => {
  await page.goto('/auth/verify-email?token=this-token-does-not-exist-0123456789');
  await page.evaluate(() => localStorage.setItem('emailForSignIn', 'admin@example.com'));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    '認証リンクが無効です。もう一度ログインしてください。',
  );
  await expect(page.getByRole('link', { name: 'ログイン画面へ' })).toBeVisible();

  await requestLink(page, ADMIN);
  const link = signInLink(await mailTo(request, ADMIN));
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'メニューを開く' }).click();
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.evaluate(() => localStorage.setItem('emailForSignIn', 'admin@example.com'));
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    '認証リンクが無効です。もう一度ログインしてください。',
  );

  // In a browser that did not ask for it, the used link says so at once too, instead
  // of asking for the address first.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    '認証リンクが無効です。もう一度ログインしてください。',
  );
  await expect(page.getByLabel('メールアドレス')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('used-link.png') });
});

test('a guarded page while signed out lands on /login with the login-required message', async ({
  page,
}) => {
  for (const path of ['/mentors-list', '/admin', '/invite-mentor', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('ログインが必要です。')).toBeVisible();
  }
});

test('an unknown address gets the not-registered message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill('nobody@example.com');
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(page.getByRole('alert')).toContainText('このメールアドレスは登録されていません');
});
