import { expect, signInAs, test } from './support/test';
import { mailTo, verifyLink } from './support/mail';
import { capture } from './support/capture';

/**
 * Japanese input habits (docs/PRODUCT.md §4): an address, a 学籍番号 and a sign-in code typed with
 * the keyboard in 全角 mode show half-width once the field is left, with a line that says so, and
 * work; an emoji in a name is refused with its own message.
 */

const CONVERTED = '全角の英数字・記号を半角に直しました。';

test('a student types her address and 学籍番号 in 全角 and an emoji in her name, and registers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = 'zenkaku.hanako@akane.waseda.jp';
  await page.goto('/register');
  await page.getByLabel('氏名').fill('全角 花子🌸');
  await page.getByLabel('フリガナ', { exact: true }).fill('ぜんかく はなこ');
  await page.getByLabel('学籍番号').fill('１Ｙ２３Ａ０７７');
  await page.getByLabel('学籍番号').blur();
  await expect(page.getByLabel('学籍番号')).toHaveValue('1Y23A077');
  await page.getByLabel('大学', { exact: true }).selectOption({ label: '早稲田大学' });
  await page.getByLabel('学部').fill('商学部');
  await page.getByLabel('学科').fill('経営学科');
  await page.getByLabel('学年').selectOption('3年');
  const address = page.getByLabel('大学のメールアドレス');
  await address.fill('ｚｅｎｋａｋｕ．ｈａｎａｋｏ＠ａｋａｎｅ．ｗａｓｅｄａ．ｊｐ');
  await address.blur();
  await expect(address).toHaveValue(email);
  await expect(page.getByText(CONVERTED)).toHaveCount(2);

  await page.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  await expect(
    page.getByText('お名前に絵文字は使えません。絵文字を除いて入力してください。'),
  ).toBeVisible();
  await expect(page.getByLabel('氏名')).toHaveAttribute('aria-invalid', 'true');
  await capture(page, 'input-habits-register');

  await page.getByLabel('氏名').fill('全角 花子');
  await page.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  await page.getByRole('button', { name: '同意して続ける' }).click();
  await expect(page.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();

  await page.goto(verifyLink(await mailTo(request, email)));
  await expect(page.getByRole('heading', { name: '登録内容の確認' })).toBeVisible();
  await expect(page.getByLabel('学籍番号')).toHaveValue('1Y23A077');
  await page.getByLabel('学籍番号').fill('１Ｙ２３Ａ０７８');
  await page.getByLabel('学籍番号').blur();
  await expect(page.getByLabel('学籍番号')).toHaveValue('1Y23A078');
  await expect(page.getByText(CONVERTED)).toBeVisible();
  await capture(page, 'input-habits-registration-review');
  await page.getByRole('button', { name: 'この内容で登録を完了する' }).click();
  await expect(page).toHaveURL(/\/mentors-list$/);
  await page.goto('/student-profile');
  await expect(page.getByText('1Y23A078', { exact: true })).toBeVisible();
});

test('an alumna signs in with her address and the code typed in 全角', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = 'og19@demo.example.jp';
  await page.goto('/login');
  const address = page.getByLabel('メールアドレス');
  await address.fill('ｏｇ１９＠ｄｅｍｏ．ｅｘａｍｐｌｅ．ｊｐ');
  await address.blur();
  await expect(address).toHaveValue(email);
  await expect(page.getByText(CONVERTED)).toBeVisible();
  await capture(page, 'input-habits-login');
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(page.getByRole('heading', { name: 'ログインリンクを送信しました' })).toBeVisible();

  const mail = await mailTo(request, email);
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  const typed = code!.replace(/\d/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
  const field = page.getByLabel('確認コード（6桁）');
  await field.fill(typed);
  await field.blur();
  await expect(field).toHaveValue(code!);
  await capture(page, 'input-habits-code');
  await page.getByRole('button', { name: 'コードでログイン' }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

test('an admin types the desk’s phone number and address in 全角 and sees them half-width', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'dean@example.com');
  await page.goto('/admin/desk');
  await expect(page.getByRole('heading', { name: '相談窓口', level: 1 })).toBeVisible();
  const phone = page.getByLabel('電話番号');
  await phone.fill('０３ー１２３４ー５６７８');
  await phone.blur();
  await expect(phone).toHaveValue('03-1234-5678');
  const address = page.getByLabel('メールアドレス');
  await address.fill('ｓｏｕｄａｎ＠ｅｘａｍｐｌｅ．ａｃ．ｊｐ');
  await address.blur();
  await expect(address).toHaveValue('soudan@example.ac.jp');
  await expect(page.getByText(CONVERTED)).toHaveCount(2);
  // Not saved: the desk is the whole seminar's, and other journeys read it. From the top, so the
  // sticky header and tab bar sit where a person sees them in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await capture(page, 'input-habits-desk');
});
