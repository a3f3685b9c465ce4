import { expect, signInAs, test } from './support/test';

/** From the demo seed (scripts/seed-demo.ts), which the e2e server loads at start. */
const STUDENT = 'student01@aoyama.jp';

test('a student filters by industry and a kana word, opens a card and comes back to the same search', async ({
  page,
}) => {
  await page.request.delete('/_dev/mail');
  await signInAs(page, STUDENT);
  await expect(page.getByText('24件を表示中')).toBeVisible();

  await page.getByLabel('業界', { exact: true }).selectOption('IT・通信');
  // The seed's message says ぜひ in hiragana; the search folds katakana.
  await page.getByLabel('キーワード').fill('ゼヒ');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(page).toHaveURL(/category=IT/);
  const cards = page.locator('.mentor-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('IT・通信');

  const firstName = (await cards.first().locator('h2').textContent())!;
  await cards.first().click();
  await expect(page).toHaveURL(/\/mentor\//);
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await expect(
    page.getByText('第三者への共有やSNS等での拡散は利用規約で禁止されています'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /@demo\.example\.jp/ })).toBeVisible();

  await page.getByRole('button', { name: /OG一覧に戻る/ }).click();
  await expect(page).toHaveURL(/category=IT/);
  await expect(page.getByLabel('キーワード')).toHaveValue('ゼヒ');
  await expect(page.getByLabel('業界', { exact: true })).toHaveValue('IT・通信');
  await expect(cards).toHaveCount(2);
});

test('the list loads more alumni as the student scrolls', async ({ page }) => {
  await page.request.delete('/_dev/mail');
  await signInAs(page, STUDENT);
  const cards = page.locator('.mentor-card');
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'もっと見る' }).scrollIntoViewIfNeeded();
  // The seed holds 40 alumni (other journeys may add one): the rest arrive without a click.
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(40);
  await expect(page.getByRole('button', { name: /もっと見る|読み込み中/ })).toHaveCount(0);
  const links = await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);
});
