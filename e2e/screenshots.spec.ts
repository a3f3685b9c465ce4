import { expect, test, type Page, signInAs } from './support/test';

/** Seeded accounts (scripts/seed-demo.ts). */
const STUDENT = 'student01@aoyama.jp';
const MENTOR = 'og02@demo.example.jp';

// Each test visits several pages at two widths: on a loaded machine that runs past 30 s.
test.describe.configure({ timeout: 120_000 });

/** Every screen of the list and the profiles at a phone's and a laptop's width, kept as artifacts. */
async function capture(page: Page, name: string, path: string, ready: string, field?: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    // A page whose heading shows before its form waits for the form.
    if (field) await expect(page.getByLabel(field, { exact: true })).toBeVisible();
    const file = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await test.info().attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
  }
}

test('screenshots: OG list, detail and the alumni edit page', async ({ page }) => {
  await page.request.delete('/_dev/mail');
  await signInAs(page, MENTOR);
  await capture(page, 'mentors-list', '/mentors-list', 'OG一覧');
  const firstCard = page.locator('.mentor-card').first();
  const href = (await firstCard.getAttribute('href'))!;
  const name = (await firstCard.locator('h2').textContent())!;
  await capture(page, 'mentor-detail', href, name);
  await capture(page, 'mentor-profile-edit', '/mentor-profile/edit', 'OGプロフィールの編集');
});

test('screenshots: the one confirmation dialog (blocking an alumna, withdrawing)', async ({
  page,
}) => {
  await page.request.delete('/_dev/mail');
  // Another student than the other screenshots': each address gets five sign-in mails in 15
  // minutes, and student01 signs in across several journeys.
  await signInAs(page, 'student10@g.ecc.u-tokyo.ac.jp');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/mentors-list');
    await page.locator('.mentor-card').first().click();
    await page.getByRole('button', { name: 'ブロックする' }).click();
    const block = page.getByRole('dialog');
    await expect(block.getByRole('button', { name: 'キャンセル' })).toBeVisible();
    const blockFile = test.info().outputPath(`confirm-block-${width}.png`);
    await page.screenshot({ path: blockFile });
    await test
      .info()
      .attach(`confirm-block-${width}`, { path: blockFile, contentType: 'image/png' });
    await block.getByRole('button', { name: 'キャンセル' }).click();
    await expect(block).toBeHidden();

    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await page.getByRole('button', { name: '退会' }).click();
    const withdraw = page.getByRole('dialog', { name: '退会の確認' });
    await expect(withdraw.getByRole('button', { name: '退会する' })).toBeEnabled();
    const withdrawFile = test.info().outputPath(`confirm-withdraw-${width}.png`);
    await page.screenshot({ path: withdrawFile });
    await test.info().attach(`confirm-withdraw-${width}`, {
      path: withdrawFile,
      contentType: 'image/png',
    });
    await withdraw.getByRole('button', { name: 'キャンセル' }).click();
    await expect(withdraw).toBeHidden();
  }
});

test('screenshots: the student profile and its edit page', async ({ page }) => {
  await page.request.delete('/_dev/mail');
  await signInAs(page, STUDENT);
  await capture(page, 'student-profile', '/student-profile', '学生プロフィール');
  await capture(page, 'student-profile-edit', '/student-profile/edit', '学生プロフィールの編集');
  // A visit request form: the visits feature's own stylesheet, loaded with the page.
  await page.goto('/mentors-list');
  const href = (await page.locator('.mentor-card').first().getAttribute('href'))!;
  await capture(page, 'visit-request-form', `${href}/request`, 'OG訪問の依頼', '目的');
});

test('screenshots: the console pages (overview, users, audit log, universities)', async ({
  page,
}) => {
  await page.request.delete('/_dev/mail');
  // The a11y journey's admin: it signs in once and keeps the session in a file.
  await signInAs(page, 'office@example.com');
  await capture(page, 'admin-overview', '/admin', '管理画面の概要');
  await capture(page, 'admin-users', '/admin/users?role=mentor_pending', 'ユーザー管理');
  await capture(page, 'admin-audit', '/admin/audit', '監査ログ');
  await capture(page, 'admin-universities', '/admin/universities', '大学の管理');
});
