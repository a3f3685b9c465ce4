import { readFile } from 'node:fs/promises';
import { mailTo } from './support/mail';
import { expect, newContext, signInAs, test, type Page } from './support/test';

/**
 * The admin console's journeys. staff@example.com is an admin through ADMIN_EMAILS
 * (e2e/start-test-server.mjs) that no other spec signs in with; pending01 and student09 come
 * from the demo seed and are used only here.
 */
const ADMIN = 'staff@example.com';
const AWAITING_APPROVAL = 'pending01@demo.example.jp';

function userRow(page: Page, email: string) {
  return page.locator('li.admin-row').filter({ hasText: email });
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: '通知' }).getByText(text);
}

/** The user list filtered the way the search box leaves it in the address. */
async function findUser(page: Page, query: string) {
  await page.goto(`/admin/users?${new URLSearchParams({ q: query }).toString()}`);
  await expect(page.getByLabel('名前またはメールアドレス')).toHaveValue(query);
  await expect(userRow(page, query)).toBeVisible();
}

test('an admin approves an alumna awaiting approval, who then appears on the OG list', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '管理画面の概要', level: 1 })).toBeVisible();

  await findUser(page, AWAITING_APPROVAL);
  const row = userRow(page, AWAITING_APPROVAL);
  await expect(row.locator('.admin-badge-role')).toHaveText('OG（承認待ち）');
  const name = (await row.locator('.admin-row-title').textContent())!.trim();

  // Not on the list before the approval.
  await page.goto(`/mentors-list?q=${encodeURIComponent(name)}`);
  await expect(page.getByText('条件に合うOGが見つかりませんでした')).toBeVisible();

  await findUser(page, AWAITING_APPROVAL);
  await row.getByRole('button', { name: '承認', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'OGとしての承認' });
  await expect(dialog).toContainText(`${name}さんをOGとして承認します`);
  await dialog.getByRole('button', { name: '承認する' }).click();
  await expect(toast(page, `${name}さんをOGとして承認しました。`)).toBeVisible();
  await expect(row.locator('.admin-badge-role')).toHaveText('OG');

  await page.goto(`/mentors-list?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  const approval = await mailTo(page.request, AWAITING_APPROVAL);
  expect(approval.subject).toBe('【OGコネクト】OG登録が承認されました');
  expect(approval.links).toContain(new URL('/mentor-profile', baseURL!).href);

  await page.goto('/admin/audit');
  await expect(page.getByRole('table').getByText('権限の変更').first()).toBeVisible();
});

test('a suspended student is signed out at once and cannot sign in again', async ({
  page,
  browser,
}) => {
  // Two sign-ins and the console: 15 s alone, more on a busy machine.
  test.setTimeout(60_000);
  await signInAs(page, ADMIN);
  // student09 of the demo seed, whose domain depends on the seeded universities.
  const found = await page.request.get('/api/admin/users?role=student&q=student09%40');
  const { users } = (await found.json()) as { users: { email: string }[] };
  expect(users).toHaveLength(1);
  const studentEmail = users[0]!.email;

  const student = await newContext(browser);
  const studentPage = await student.newPage();
  await signInAs(studentPage, studentEmail);
  await studentPage.goto('/mentors-list');
  await expect(studentPage.getByRole('heading', { name: 'OG一覧', level: 1 })).toBeVisible();

  await findUser(page, studentEmail);
  const row = userRow(page, studentEmail);
  // The row's actions are in one menu.
  await row.locator('summary').click();
  await row.getByRole('button', { name: '利用停止' }).click();
  const dialog = page.getByRole('dialog', { name: '利用停止の確認' });
  await dialog.getByRole('button', { name: '利用停止にする' }).click();
  await expect(toast(page, /を利用停止にしました。/)).toBeVisible();
  await expect(row.getByText('利用停止', { exact: true })).toBeVisible();

  // The student's very next request is refused: the page sends them to the login screen.
  await studentPage.goto('/mentors-list');
  await expect(studentPage).toHaveURL(/\/login/);
  await studentPage.getByLabel('メールアドレス').fill(studentEmail);
  await studentPage.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(studentPage.getByRole('alert')).toContainText('このアカウントは無効になっています');
  await student.close();
});

test('a domain added to a university is accepted on /register', async ({ page, browser }) => {
  await signInAs(page, ADMIN);
  await page.goto('/admin/universities');
  const row = page.locator('li.admin-row').filter({
    has: page.getByRole('heading', { name: '法政大学', exact: true }),
  });
  await row.getByRole('button', { name: '編集' }).click();
  const form = page.locator('li.admin-row').filter({
    has: page.getByRole('heading', { name: '「法政大学」の編集' }),
  });
  await form.getByRole('button', { name: 'ドメインを追加' }).click();
  await form
    .getByLabel(/メールドメイン \d+/)
    .last()
    .fill('Career.Hosei.example');
  await form.getByRole('button', { name: '保存する' }).click();
  await expect(toast(page, '「法政大学」を保存しました。')).toBeVisible();
  await expect(row.getByText('career.hosei.example', { exact: true })).toBeVisible();

  const visitor = await newContext(browser);
  const register = await visitor.newPage();
  await register.goto('/register');
  await register.getByLabel('大学', { exact: true }).selectOption({ label: '法政大学' });
  const email = register.getByLabel('大学のメールアドレス');
  await email.fill('someone@gmail.com');
  await expect(
    register.getByText('選択した大学のメールアドレスを使用してください。'),
  ).toBeVisible();
  await email.fill('new.student@career.hosei.example');
  await expect(register.getByText('選択した大学のメールアドレスを使用してください。')).toBeHidden();
  await register.getByLabel('氏名').fill('法政 新太');
  await register.getByLabel('フリガナ', { exact: true }).fill('ほうせい あらた');
  await register.getByLabel('学籍番号').fill('24X0001');
  await register.getByLabel('学部').fill('経営学部');
  await register.getByLabel('学科').fill('経営学科');
  await register.getByLabel('学年').selectOption('1年');
  await register.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  await register
    .getByRole('dialog', { name: '利用規約' })
    .getByRole('button', { name: '同意して続ける' })
    .click();
  await expect(register.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();
  await visitor.close();
});

test('the students CSV downloads with a BOM and rows that match the data', async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto('/admin');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: '学生一覧をCSVで出力' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^students-\d{8}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    '氏名,メールアドレス,連絡先メールアドレス,学籍番号,大学,学部,学科,学年,志望業界,志望職種,状態,登録日時',
  );

  // Each row is the student the API shows the admin.
  const api = (await (await page.request.get('/api/admin/users?role=student')).json()) as {
    users: { email: string; name: string; universityName: string }[];
  };
  const student01 = api.users.find((user) => user.email.startsWith('student01@'))!;
  const row = lines.find((line) => line.includes(`,${student01.email},`))!;
  expect(row.split(',').slice(0, 2)).toEqual([student01.name, student01.email]);
  expect(row.split(',')[4]).toBe(student01.universityName);
  expect(lines.length - 1).toBeGreaterThanOrEqual(12);
});
