import { expect, test, type Page, newContext, signInAs } from './support/test';
import sharp from 'sharp';
import { mailTo } from './support/mail';

const ADMIN = 'admin@example.com';
/** A second admin, so this file's sign-ins stay under the per-address limit (5 per 15 min). */
const DESK = 'desk@example.com';
const ALUMNA = 'sakura.sato@example.co.jp';

async function invite(page: Page, email: string) {
  await page.getByLabel('招待する方のメールアドレス').fill(email);
  await page.getByRole('button', { name: '招待を作成' }).click();
  // The outcome comes as a toast in the notifications region.
  await expect(
    page.getByRole('region', { name: '通知' }).getByText(`${email} さんに招待メールを送信しました`),
  ).toBeVisible();
}

test('an admin invites, the alumna registers with a photo and invites three more', async ({
  page,
  browser,
}, testInfo) => {
  await page.request.delete('/_dev/mail');
  await signInAs(page, ADMIN);
  await page.getByRole('link', { name: 'OG招待' }).first().click();
  await expect(page).toHaveURL(/\/invite-mentor$/);
  await invite(page, ALUMNA);
  const history = page.getByRole('region', { name: '招待履歴' });
  await expect(history.getByText(ALUMNA)).toBeVisible();
  await expect(history.getByText('未登録')).toBeVisible();

  const invitation = await mailTo(page.request, ALUMNA);
  expect(invitation.subject).toContain('招待');
  const registerLink = invitation.links.find((url) => url.includes('/mentor-register?'));
  expect(registerLink).toContain('code=');

  const alumnaContext = await newContext(browser);
  const alumna = await alumnaContext.newPage();
  await alumna.goto(registerLink!);
  await expect(alumna.getByText(`招待されたメールアドレス：${ALUMNA}`)).toBeVisible();
  await alumna.getByRole('button', { name: '登録する' }).click();
  await expect(alumna.getByText('お名前を入力してください。')).toBeVisible();
  await expect(alumna.getByText('プロフィール画像を選択してください。')).toBeVisible();

  await alumna.getByLabel('氏名').fill('佐藤 さくら');
  await alumna.getByLabel('フリガナ', { exact: true }).fill('さとう さくら');
  await alumna.getByLabel('出身大学').selectOption({ label: '慶應義塾大学' });
  await alumna.getByLabel('卒業年').selectOption('2019');
  await alumna.getByLabel('業界', { exact: true }).selectOption('IT・通信');
  await alumna.getByLabel('業界の詳細').selectOption('ソフトウェア');
  await alumna.getByLabel('会社名・所属').fill('株式会社みらいテクノロジーズ');
  await alumna
    .getByLabel('学生へのひとことメッセージ')
    .fill('文系からエンジニアになりました。気軽に相談してください！');
  await expect(alumna.getByText('28 / 140 文字')).toBeVisible();
  const photo = testInfo.outputPath('photo.jpg');
  await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#e37400' } })
    .jpeg()
    .toFile(photo);
  await alumna.getByLabel('プロフィール画像').setInputFiles(photo);
  await expect(alumna.getByRole('img', { name: 'プロフィール画像のプレビュー' })).toBeVisible();
  await alumna.getByRole('button', { name: '登録する' }).click();
  // Her invitation's link proved her address: she is signed in at once, with no second mail
  // to confirm it (issue 56, point 4).
  await expect(alumna).toHaveURL(/\/profile$/);
  expect((await mailTo(alumna.request, ALUMNA)).subject).toBe(invitation.subject);
  await expect(alumna.getByText('佐藤 さくら')).toBeVisible();
  // Her contact address on the profile (the sign-in section below names it too).
  await expect(alumna.getByText(ALUMNA, { exact: true })).toBeVisible();

  await alumna.getByRole('link', { name: 'OG一覧' }).first().click();
  const card = alumna.getByRole('link', { name: /佐藤 さくら/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText('2019年卒');
  const icon = card.getByRole('img', { name: '佐藤 さくらさんのアイコン' });
  await expect(icon).toBeVisible();
  expect(await icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);

  await alumna.getByRole('link', { name: 'OG招待' }).first().click();
  await expect(alumna.getByText('残り招待枠：3 / 3 件')).toBeVisible();
  for (const [index, email] of [
    'one@example.com',
    'two@example.com',
    'three@example.com',
  ].entries()) {
    await invite(alumna, email);
    await expect(alumna.getByText(`残り招待枠：${2 - index} / 3 件`)).toBeVisible();
  }
  await expect(
    alumna.getByRole('alert').filter({ hasText: '招待できるのは3件までです' }),
  ).toBeVisible();
  await expect(alumna.getByLabel('招待する方のメールアドレス')).toBeDisabled();
  await expect(alumna.getByRole('button', { name: '招待を作成' })).toBeDisabled();
  await expect(alumna.getByRole('region', { name: '招待履歴' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await alumnaContext.close();
});

test('an invalid invitation link says so and offers the login page', async ({ page }) => {
  await page.goto('/mentor-register?email=nobody%40example.com&code=ZZZZZZ');
  await expect(page.getByRole('alert')).toContainText('この招待は無効か、既に使用されています');
  await expect(page.getByRole('link', { name: 'ログイン画面へ' })).toBeVisible();
  await page.goto('/mentor-register');
  await expect(page.getByRole('alert')).toContainText('招待リンクが正しくありません');
});

test('the older link with only the code asks for the invited address first', async ({
  page,
  browser,
}) => {
  const invitee = 'older-link@example.com';
  await signInAs(page, DESK);
  await page.goto('/invite-mentor');
  await invite(page, invitee);
  const mail = await mailTo(page.request, invitee);
  const code = new URL(
    mail.links.find((url) => url.includes('/mentor-register?'))!,
  ).searchParams.get('code')!;

  const context = await newContext(browser);
  const visitor = await context.newPage();
  await visitor.goto(`/mentor-register?code=${code}`);
  const address = visitor.getByLabel('招待されたメールアドレス');
  await expect(address).toBeVisible();
  // The code alone shows nothing about who was invited.
  await expect(visitor.getByText(invitee)).toHaveCount(0);
  await address.fill('someone-else@example.com');
  await visitor.getByRole('button', { name: '確認する' }).click();
  await expect(visitor.getByRole('alert').filter({ hasText: 'この招待は無効か' })).toBeVisible();
  await visitor.getByLabel('招待されたメールアドレス').fill(invitee);
  await visitor.getByRole('button', { name: '確認する' }).click();
  await expect(visitor.getByText(`招待されたメールアドレス：${invitee}`)).toBeVisible();
  await expect(visitor.getByRole('button', { name: '登録する' })).toBeVisible();
  await context.close();
});

test('a multi-address invitation: each address checked and reported, the mail in the seminar’s voice', async ({
  page,
}) => {
  await signInAs(page, DESK);
  await page.goto('/invite-mentor');
  const list = page.getByRole('region', { name: 'まとめて招待' });
  await list
    .getByLabel('メールアドレス（1行に1件）')
    .fill(
      [
        'list-one@example.com',
        'ＬＩＳＴ-ＴＷＯ@example.com',
        DESK,
        'not an address',
        'list-one@example.com',
      ].join('\n'),
    );
  await list.getByLabel('ひとこと（任意）').fill('ゼミの後輩たちの相談に乗ってください。');
  await list.getByRole('button', { name: 'まとめて招待する' }).click();
  const result = list.getByRole('status');
  await expect(result).toContainText('2件に送信しました（全5件）。');
  await expect(result.getByRole('listitem')).toHaveText([
    'list-one@example.com送信しました',
    'list-two@example.com送信しました',
    `${DESK}登録済みです（送っていません）`,
    'not an addressメールアドレスではありません',
    'list-one@example.com招待中です（送っていません）',
  ]);
  await expect(
    page.getByRole('region', { name: '招待履歴' }).getByText('list-two@example.com'),
  ).toBeVisible();
  // The demo seminar's name and its admin's, and the personal line, in the mail.
  const mail = await mailTo(page.request, 'list-two@example.com');
  expect(mail.subject).toBe('【OGコネクト】就活ゼミ（デモ）からOG登録のご招待');
  expect(mail.text).toContain('デモ 運営担当から、就活ゼミ（デモ）のOG訪問サイト');
  expect(mail.text).toContain('ゼミの後輩たちの相談に乗ってください。');
});
