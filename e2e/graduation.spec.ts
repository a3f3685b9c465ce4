import sharp from 'sharp';
import { scan } from './support/axe';
import { capture } from './support/capture';
import { mailTo } from './support/mail';
import { expect, newContext, signInAs, test } from './support/test';

/**
 * Graduating into OG (docs/PRODUCT.md §4) on the demo seed: student12 had a visit request
 * declined by og39 (scripts/seed-demo.ts). An admin of ADMIN_EMAILS only this spec signs in with.
 */
const ADMIN = 'dean@example.com';
const PERSONAL = 'graduate.hanako@example.net';

test('a 4年 student becomes an approved OG on the list, with the visits of their student days', async ({
  page,
  browser,
}, testInfo) => {
  // A long journey with accessibility scans and captures at two widths: past the default 30 s.
  test.setTimeout(120_000);
  const adminContext = await newContext(browser);
  const admin = await adminContext.newPage();
  await signInAs(admin, ADMIN);
  const found = await admin.request.get('/api/admin/users?role=student&q=student12%40');
  const [student] = ((await found.json()) as { users: { email: string; name: string }[] }).users;
  expect(student).toBeDefined();

  await signInAs(page, student!.email);
  // In the last grade (the seed's students are younger): the student says so on the profile.
  await page.goto('/student-profile/edit');
  await page.getByLabel('学年').selectOption('4年');
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page.getByText('プロフィールを更新しました。')).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('link', { name: 'OG登録を申請する' }).click();
  await expect(page.getByRole('heading', { name: 'OG登録の申請' })).toBeVisible();
  await expect(page.getByLabel('氏名')).toHaveValue(student!.name);
  await page.getByLabel('個人のメールアドレス（今後のログイン用）').fill(PERSONAL);
  await page.getByLabel('業界', { exact: true }).selectOption('IT・通信');
  await page.getByLabel('業界の詳細').selectOption('ソフトウェア');
  await page.getByLabel('会社名・所属').fill('株式会社はばたきテクノロジーズ');
  await page.getByLabel('学生へのひとことメッセージ').fill('就活の体験をそのままお話しします。');
  const photo = testInfo.outputPath('graduate.jpg');
  await sharp({ create: { width: 600, height: 600, channels: 3, background: '#1a73e8' } })
    .jpeg()
    .toFile(photo);
  await page.getByLabel('プロフィール画像').setInputFiles(photo);
  await scan(page, 'graduation-form');
  await page.getByRole('button', { name: '確認メールを送って申請する' }).click();
  await expect(page.getByRole('status')).toContainText(`${PERSONAL} に確認メールを送りました`);

  // The link in the personal mailbox confirms the address and sends the application.
  const mail = await mailTo(page.request, PERSONAL);
  const link = mail.links.find((url) => url.includes('/graduation/confirm?token='))!;
  await page.goto(link);
  await page.getByRole('button', { name: 'アドレスを確定して申請する' }).click();
  await expect(page.getByRole('status')).toContainText(`今後は ${PERSONAL} でログインします`);

  // The admin sees the application and approves it in the user list.
  await admin.goto('/admin/users');
  const applicant = admin.locator('.graduation-applicant').filter({ hasText: PERSONAL });
  await expect(applicant).toContainText('承認待ち');
  await scan(admin, 'admin-graduation');
  await admin.goto(`/admin/users?${new URLSearchParams({ q: PERSONAL }).toString()}`);
  const row = admin.locator('li.admin-row').filter({ hasText: PERSONAL });
  await expect(row.locator('.admin-badge-role')).toHaveText('OG（承認待ち）');
  await row.getByRole('button', { name: '承認', exact: true }).click();
  await admin
    .getByRole('dialog', { name: 'OGとしての承認' })
    .getByRole('button', { name: '承認する' })
    .click();
  await expect(row.locator('.admin-badge-role')).toHaveText('OG');
  await adminContext.close();

  // The approval, a role change, signed the account out everywhere (docs/PRODUCT.md §3). It
  // signs in again with the personal address, an approved OG's; on the list, with the visit of
  // their student days still theirs.
  expect(await (await page.request.get('/api/auth/session')).json()).toMatchObject({ user: null });
  await signInAs(page, PERSONAL);
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session).toMatchObject({ user: { email: PERSONAL, role: 'mentor' } });
  await page.goto(`/mentors-list?q=${encodeURIComponent(student!.name)}`);
  await expect(page.locator('.mentor-card').filter({ hasText: student!.name })).toHaveCount(1);
  // Her history (docs/PRODUCT.md §4): no request received yet, and the one she sent as a student
  // (declined by og39) under its own heading.
  await page.goto('/visit-requests');
  const received = page.getByRole('region', { name: '届いた依頼' });
  await expect(received).toContainText('まだ依頼はありません。');
  const asStudent = page.getByRole('region', { name: '学生時代に送った依頼' });
  await expect(asStudent.getByRole('link')).toHaveCount(1);
  await expect(asStudent.getByRole('link')).toContainText('辞退');
  await expect(received.getByRole('link')).toHaveCount(0);
  await capture(page, 'graduated-history');
});
