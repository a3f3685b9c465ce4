import { mailTo } from './support/mail';
import { expect, test, type Page, newContext, signInAs } from './support/test';

/** Seeded accounts (scripts/seed-demo.ts); this journey runs last and removes them. */
const STUDENT = 'student01@aoyama.jp';
const MENTOR = 'og05@demo.example.jp';

async function withdraw(page: Page, deleted: string) {
  await page.getByRole('button', { name: 'メニューを開く' }).click();
  await page.getByRole('button', { name: '退会' }).click();
  const dialog = page.getByRole('dialog', { name: '退会の確認' });
  await expect(dialog).toContainText(deleted);
  await dialog.getByRole('button', { name: '退会する' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('退会手続きが完了しました。')).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await request.delete('/_dev/mail');
});

test('a mentor withdraws and disappears from the OG list', async ({ page, browser }) => {
  await signInAs(page, MENTOR);
  const name = (await page.locator('.profile-name').textContent())!;
  await withdraw(page, 'OGプロフィールとプロフィール画像');

  const other = await newContext(browser);
  const student = await other.newPage();
  await signInAs(student, 'student02@hiroshima-u.ac.jp');
  await student.getByLabel('キーワード').fill(name);
  await student.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(student.getByText('条件に合うOGが見つかりませんでした。')).toBeVisible();
  await other.close();

  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(MENTOR);
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(page.getByRole('alert')).toContainText('このメールアドレスは登録されていません');
});

test('a student withdraws, the session ends and the address can register again', async ({
  page,
}) => {
  await signInAs(page, STUDENT);
  await withdraw(page, '学生プロフィール');
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
  await page.goto('/student-profile');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/register');
  await page.getByLabel('氏名').fill('青山 太郎');
  await page.getByLabel('フリガナ', { exact: true }).fill('アオヤマ タロウ');
  await page.getByLabel('学籍番号').fill('A0001');
  await page.getByLabel('大学', { exact: true }).selectOption({ label: '青山学院大学' });
  await page.getByLabel('学部').fill('経営学部');
  await page.getByLabel('学科').fill('経営学科');
  await page.getByLabel('学年').selectOption('2年');
  await page.getByLabel('大学のメールアドレス').fill(STUDENT);
  await page.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  await page.getByRole('button', { name: '同意して続ける' }).click();
  await expect(page.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();
});

test('a student with a booked visit sees it before withdrawing; the alumna sees it cancelled and gets a mail', async ({
  page,
  browser,
}) => {
  // Seeded people no other journey uses for visits; student02 only searched, above.
  const student = 'student02@hiroshima-u.ac.jp';
  const alumna = 'og35@demo.example.jp';
  const mentorContext = await newContext(browser);
  const mentorPage = await mentorContext.newPage();
  await signInAs(mentorPage, alumna);
  const baseUrl = new URL(mentorPage.url()).origin;
  const me = (await (await mentorPage.request.get('/api/mentors/me')).json()) as {
    urlParam: string;
  };

  // The request and its acceptance through the API: the booking journey is visit-request.spec.
  await signInAs(page, student);
  const tomorrow = new Date(Date.now() + 9 * 3_600_000 + 3 * 86_400_000);
  const slot = `${tomorrow.toISOString().slice(0, 10)}T10:00`;
  const sent = await page.request.post('/api/visit-requests', {
    headers: { origin: baseUrl },
    data: {
      mentorUrlParam: me.urlParam,
      purpose: 'career_advice',
      message: 'お話を伺えませんか。',
      preferredSlots: [slot],
      meetingFormat: 'online',
      safetyRulesConfirmed: true,
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const accepted = await mentorPage.request.post(`/api/visit-requests/${id}/accept`, {
    headers: { origin: baseUrl },
    data: { slotIndex: 0, safetyRulesConfirmed: true, placeKind: 'online' },
  });
  expect(accepted.status()).toBe(200);
  await page.request.delete('/_dev/mail');

  // The dialog lists the booked visit before the student confirms.
  await page.getByRole('button', { name: 'メニューを開く' }).click();
  await page.getByRole('button', { name: '退会' }).click();
  const dialog = page.getByRole('dialog', { name: '退会の確認' });
  await expect(dialog).toContainText('進行中のOG訪問の依頼が1件あります');
  await expect(dialog.getByRole('note')).toContainText('との訪問');
  await dialog.getByRole('button', { name: '退会する' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The alumna is told by mail and sees the request cancelled by the withdrawal.
  const mail = await mailTo(page.request, alumna);
  expect(mail.subject).toBe('【OGコネクト】相手の退会により、OG訪問の依頼がキャンセルされました');
  await mentorPage.goto(mail.links.find((url) => url.includes(`/visit-requests/${id}`))!);
  await expect(mentorPage.getByText('相手の退会によりキャンセルされました。')).toBeVisible();
  await expect(mentorPage.getByText('退会したユーザー', { exact: true })).toBeVisible();
  await mentorContext.close();
});
