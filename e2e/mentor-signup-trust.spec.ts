import { expect, test, type Page, newContext, signInAs } from './support/test';
import sharp from 'sharp';
import { mailTo, verifyLink } from './support/mail';

/** An admin of e2e/start-test-server.mjs; signed in once in this file. */
const DESK = 'desk@example.com';
const ALUMNA = 'trust.alumna@example.co.jp';

async function screenshots(
  page: Page,
  name: string,
  testInfo: import('@playwright/test').TestInfo,
) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the alumni form gives no session; verifying in another browser signs in only that one', async ({
  page,
  browser,
}, testInfo) => {
  await signInAs(page, DESK);
  await page.goto('/invite-mentor');
  await page.getByLabel('招待する方のメールアドレス').fill(ALUMNA);
  await page.getByRole('button', { name: '招待を作成' }).click();
  await expect(
    page
      .getByRole('region', { name: '通知' })
      .getByText(`${ALUMNA} さんに招待メールを送信しました`),
  ).toBeVisible();
  const invitation = await mailTo(page.request, ALUMNA);
  const mailed = invitation.links.find((url) => url.includes('/mentor-register?'));
  expect(mailed).toContain('code=');
  // Without the link's proof (a code typed by hand): the address still needs its confirmation,
  // which is what this journey follows (issue 56 lets the proof skip it).
  const url = new URL(mailed!);
  url.searchParams.delete('proof');
  const registerLink = url.toString();

  // Browser A: the invitation link, the form, the waiting page.
  const contextA = await newContext(browser);
  const a = await contextA.newPage();
  await a.goto(registerLink!);
  await expect(a.getByText(`招待されたメールアドレス：${ALUMNA}`)).toBeVisible();
  await a.getByLabel('氏名').fill('信頼 花子');
  await a.getByLabel('フリガナ', { exact: true }).fill('しんらい はなこ');
  await a.getByLabel('出身大学').selectOption({ label: '慶應義塾大学' });
  await a.getByLabel('卒業年').selectOption('2019');
  await a.getByLabel('業界', { exact: true }).selectOption('IT・通信');
  await a.getByLabel('業界の詳細').selectOption('ソフトウェア');
  await a.getByLabel('会社名・所属').fill('株式会社しんらい');
  await a.getByLabel('学生へのひとことメッセージ').fill('気軽に相談してください。');
  const photo = testInfo.outputPath('photo.jpg');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3b7dd8' } })
    .jpeg()
    .toFile(photo);
  await a.getByLabel('プロフィール画像').setInputFiles(photo);
  await expect(a.getByRole('img', { name: 'プロフィール画像のプレビュー' })).toBeVisible();
  await a.getByRole('button', { name: '登録する' }).click();
  await expect(a).toHaveURL(/\/verify-email$/);
  await expect(a.getByText(`${ALUMNA} 宛てに確認用のリンク`)).toBeVisible();
  await expect(a.getByText('確認状況を5秒ごとに確認しています。')).toBeVisible();
  // Nothing to log out of here.
  await expect(a.getByRole('button', { name: 'ホームへ戻る', exact: true })).toBeVisible();

  // A holds no session: only the narrow binding cookie.
  const sessionA = await (await a.request.get('/api/auth/session')).json();
  expect(sessionA.user).toBeNull();
  const statusA = await (await a.request.get('/api/auth/verification-status')).json();
  expect(statusA).toMatchObject({ status: 'waiting', email: ALUMNA });
  await screenshots(a, 'verify-email-waiting', testInfo);

  const probe = await contextA.newPage();
  await probe.goto('/mentors-list');
  await expect(probe).toHaveURL(/\/login/);
  await probe.close();

  // Browser B: the mailed link, on another device.
  const verification = await mailTo(a.request, ALUMNA);
  const contextB = await newContext(browser);
  const b = await contextB.newPage();
  await b.goto(verifyLink(verification));
  const address = b.getByLabel('メールアドレス');
  await expect(
    address.or(b.getByRole('heading', { name: /信頼 花子|プロフィール/ })),
  ).toBeVisible();
  if (await address.isVisible()) {
    await address.fill(ALUMNA);
    await b.getByRole('button', { name: /ログインする|確認/ }).click();
  }
  await expect(b).not.toHaveURL(/verify-email|\/login/);
  await expect
    .poll(async () => (await (await b.request.get('/api/auth/session')).json()).user?.email)
    .toBe(ALUMNA);
  await b.goto('/mentors-list');
  await expect(b).toHaveURL(/\/mentors-list$/);

  // A's waiting page says so and offers sign-in, but A stays signed out.
  await expect(a.getByText(`${ALUMNA} の確認が完了しました`)).toBeVisible({ timeout: 15_000 });
  const signIn = a.getByRole('link', { name: 'ログインへ進む' });
  await expect(signIn).toBeVisible();
  expect((await (await a.request.get('/api/auth/session')).json()).user).toBeNull();
  await screenshots(a, 'verify-email-verified-elsewhere', testInfo);
  await a.goto('/mentors-list');
  await expect(a).toHaveURL(/\/login/);
  expect((await (await a.request.get('/api/auth/session')).json()).user).toBeNull();

  await contextA.close();
  await contextB.close();
});
