import { expect, test } from './support/test';
import sharp from 'sharp';
import { mailTo, verifyLink } from './support/mail';

/** A seeded alumna (scripts/seed-demo.ts). */
const MENTOR = 'og01@demo.example.jp';

test('a mentor edits the profile with a new image and sees it on the list', async ({
  page,
}, testInfo) => {
  await page.request.delete('/_dev/mail');
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(MENTOR);
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await page.goto(verifyLink(await mailTo(page.request, MENTOR)));
  await expect(page).toHaveURL(/\/profile$/);
  const name = (await page.locator('.profile-name').textContent())!;

  await page.getByRole('link', { name: 'プロフィールを編集' }).click();
  await expect(page).toHaveURL(/\/mentor-profile\/edit$/);
  await expect(page.getByLabel('氏名')).toHaveValue(name);
  const message = page.getByLabel('学生へのひとことメッセージ');
  await message.fill('');
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page.getByText('学生へのメッセージを入力してください。')).toBeVisible();

  await message.fill('面接練習なら任せてください。オンラインでも歓迎です。');
  const photo = testInfo.outputPath('new-photo.png');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0b57d0' } })
    .png()
    .toFile(photo);
  await page.getByLabel('プロフィール画像（変更する場合のみ）').setInputFiles(photo);
  await expect(page.getByRole('img', { name: 'プロフィール画像のプレビュー' })).toBeVisible();
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(
    page.getByRole('region', { name: '通知' }).getByText('プロフィールを更新しました。'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/mentor-profile$/);
  await expect(
    page.getByText('面接練習なら任せてください。オンラインでも歓迎です。'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'OG一覧' }).first().click();
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toContainText('面接練習なら任せてください');
  const icon = card.getByRole('img', { name: `${name}さんのアイコン` });
  await expect(icon).toBeVisible();
  expect(await icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
});
