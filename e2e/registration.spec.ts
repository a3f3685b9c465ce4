import { expect, test, type Page, newContext } from './support/test';
import { mailTo, verifyLink } from './support/mail';

const STUDENT = {
  name: '山田 花子',
  nameReading: 'やまだ はなこ',
  studentNumber: '1Y23A045',
  university: '早稲田大学',
  faculty: '商学部',
  department: '経営学科',
  grade: '3年',
};

async function fillForm(page: Page, email: string) {
  await page.getByLabel('氏名').fill(STUDENT.name);
  await page.getByLabel('フリガナ', { exact: true }).fill(STUDENT.nameReading);
  await page.getByLabel('学籍番号').fill(STUDENT.studentNumber);
  await page.getByLabel('大学', { exact: true }).selectOption({ label: STUDENT.university });
  await page.getByLabel('学部').fill(STUDENT.faculty);
  await page.getByLabel('学科').fill(STUDENT.department);
  await page.getByLabel('学年').selectOption(STUDENT.grade);
  await page.getByLabel('大学のメールアドレス').fill(email);
}

const CORRECTED_NUMBER = '1Y23A099';

async function submitRegistration(page: Page, email: string) {
  await page.goto('/register');
  await fillForm(page, email);
  await page.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  await page.getByRole('button', { name: '同意して続ける' }).click();
  await expect(page.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await request.delete('/_dev/mail');
});

test('a student registers, follows the mailed link and lands signed in with the profile entered', async ({
  page,
  request,
}) => {
  const email = 'hanako.yamada@akane.waseda.jp';
  await page.goto('/login');
  await page.getByRole('link', { name: '学生の方の新規登録はこちら' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('大学のメールアドレス')).toBeDisabled();

  await fillForm(page, 'hanako@gmail.com');
  // The live domain check answers without a submit.
  await expect(page.getByText('選択した大学のメールアドレスを使用してください。')).toBeVisible();
  await page.getByLabel('大学のメールアドレス').fill(email);
  await expect(page.getByText('選択した大学のメールアドレスを使用してください。')).toBeHidden();

  await page.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  const terms = page.getByRole('dialog', { name: '利用規約' });
  await expect(terms).toBeVisible();
  await expect(terms).toContainText('個人情報の取扱い');
  await terms.getByRole('button', { name: '同意して続ける' }).click();
  await expect(page.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    pending: localStorage.getItem('pendingSignup'),
    email: localStorage.getItem('emailForSignIn'),
  }));
  expect(stored.email).toBe(email);
  expect(JSON.parse(stored.pending!)).toMatchObject({ email, role: 'student' });

  const mail = await mailTo(request, email);
  expect(mail.subject).toContain('学生登録');
  // The link's page shows what was entered: the owner corrects the student number.
  await page.goto(verifyLink(mail));
  await expect(page.getByRole('heading', { name: '登録内容の確認' })).toBeVisible();
  for (const value of [email, STUDENT.university, STUDENT.grade]) {
    await expect(page.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('氏名')).toHaveValue(STUDENT.name);
  // Typed in hiragana, kept in katakana.
  await expect(page.getByLabel('フリガナ', { exact: true })).toHaveValue('ヤマダ ハナコ');
  await expect(page.getByLabel('学部')).toHaveValue(STUDENT.faculty);
  await expect(page.getByLabel('学科')).toHaveValue(STUDENT.department);
  await expect(page.getByLabel('学籍番号')).toHaveValue(STUDENT.studentNumber);
  await page.getByLabel('学籍番号').fill(CORRECTED_NUMBER);
  await page.getByRole('button', { name: 'この内容で登録を完了する' }).click();
  await expect(page).toHaveURL(/\/mentors-list$/);
  expect(await page.evaluate(() => localStorage.getItem('pendingSignup'))).toBeNull();

  await page.goto('/student-profile');
  for (const value of [STUDENT.name, STUDENT.university, STUDENT.grade, CORRECTED_NUMBER, email]) {
    await expect(page.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(STUDENT.studentNumber, { exact: true })).toHaveCount(0);
  await expect(page.getByText(`${STUDENT.faculty} ${STUDENT.department}`)).toBeVisible();

  // The same link again creates nothing and says so.
  const again = await newContext(page.context().browser()!);
  const other = await again.newPage();
  // Another browser does not know the address; the page asks the server whether the
  // link can still be used and says at once that it cannot.
  await other.goto(verifyLink(mail));
  await expect(other.getByLabel('メールアドレス')).toHaveCount(0);
  await expect(other.getByRole('alert')).toHaveText(
    '認証リンクが無効です。もう一度ログインしてください。',
  );
  await again.close();
});

test('an address with a registration under way cannot register again', async ({ page }) => {
  await page.goto('/register');
  await fillForm(page, 'taro@akane.waseda.jp');
  await page.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  await page.getByRole('button', { name: '同意して続ける' }).click();
  await expect(page.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();

  await page.goto('/register');
  await fillForm(page, 'taro@akane.waseda.jp');
  await page.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  await page.getByRole('button', { name: '同意して続ける' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '既に登録されています' })).toBeVisible();
});

test('screenshots of /register at 375 px and 1280 px', async ({ page }, testInfo) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/register');
    await expect(page.getByLabel('大学', { exact: true })).toBeVisible();
    const path = testInfo.outputPath(`register-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`register-${width}`, { path, contentType: 'image/png' });
  }
});

test("the owner of an address cancels a stranger's registration and registers at once", async ({
  page,
  request,
}, testInfo) => {
  const email = 'owner.jiro@akane.waseda.jp';
  // A stranger registers the owner's address in their own browser.
  await submitRegistration(page, email);

  // The owner opens the mailed link in another browser: the address first, then the details.
  const ownerContext = await newContext(page.context().browser()!);
  const owner = await ownerContext.newPage();
  await owner.goto(verifyLink(await mailTo(request, email)));
  await owner.getByLabel('メールアドレス').fill(email);
  await owner.getByRole('button', { name: 'ログインする' }).click();
  await expect(owner.getByRole('heading', { name: '登録内容の確認' })).toBeVisible();
  await expect(owner.getByLabel('学籍番号')).toHaveValue(STUDENT.studentNumber);
  for (const width of [375, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    const path = testInfo.outputPath(`registration-link-${width}.png`);
    await owner.screenshot({ path, fullPage: true });
    await testInfo.attach(`registration-link-${width}`, { path, contentType: 'image/png' });
  }

  await owner.getByRole('button', { name: 'これは私の登録ではありません' }).click();
  await expect(owner.getByRole('heading', { name: '登録を取り消しました' })).toBeVisible();
  await owner.getByRole('link', { name: '学生登録の画面へ' }).click();
  await expect(owner).toHaveURL(/\/register$/);

  // The address is free again now, not in 24 hours.
  await request.delete('/_dev/mail');
  await submitRegistration(owner, email);
  await owner.goto(verifyLink(await mailTo(request, email)));
  await expect(owner.getByRole('heading', { name: '登録内容の確認' })).toBeVisible();
  await ownerContext.close();
});
