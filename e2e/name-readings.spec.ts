import { scan } from './support/axe';
import { expect, newContext, signInAs, test } from './support/test';

/**
 * Name readings (docs/PRODUCT.md §4), on the demo seed (scripts/seed-demo.ts): og07 stands for
 * an account made before readings were asked for; every other demo account has one.
 */
const ALUMNA = 'og07@demo.example.jp';
const ALUMNA_NAME = '山本 智子';
const STUDENT = 'student08@ed.ritsumei.ac.jp';

test('an alumna is asked her reading once, and students find alumni by reading in either kana', async ({
  page,
  browser,
}) => {
  // A long journey with accessibility scans at two widths: more than the default 30 s.
  test.setTimeout(120_000);
  await signInAs(page, ALUMNA);
  const question = page.getByRole('dialog', { name: 'お名前のフリガナを教えてください' });
  await expect(question).toBeVisible();
  await scan(page, 'name-reading-question');
  await question.getByLabel('フリガナ', { exact: true }).fill('やまもと ともこ');
  await question.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('フリガナを保存しました。')).toBeVisible();
  await expect(question).toHaveCount(0);
  // Asked once: not again on the next page or after a reload.
  await page.goto('/mentor-profile');
  await expect(page.getByText('ヤマモト トモコ')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(question).toHaveCount(0);

  const context = await newContext(browser);
  const student = await context.newPage();
  await signInAs(student, STUDENT);
  const cards = student.locator('.mentor-card');
  const search = async (word: string) => {
    await student.goto('/mentors-list');
    await student.getByLabel('キーワード').fill(word);
    await student.getByRole('button', { name: 'この条件で検索' }).click();
    await expect(student).toHaveURL(/[?&]q=/);
  };

  // Her reading, just given, in hiragana and in katakana.
  for (const word of ['やまもと ともこ', 'ヤマモト']) {
    await search(word);
    await expect(cards.filter({ hasText: ALUMNA_NAME })).toHaveCount(1);
  }
  // The alumnae named 佐藤 (the seed's and any another journey registered) by the reading
  // さとう / サトウ; nobody else.
  for (const word of ['さとう', 'サトウ']) {
    await search(word);
    await expect(cards.filter({ hasText: '佐藤 美咲' })).toHaveCount(1);
    for (const name of await cards.locator('h2').allTextContents()) {
      expect(name).toMatch(/^佐藤 /);
    }
  }
  // A company written in kanji (…商事) by the reading of its name.
  await search('しょうじ');
  await expect(cards.first()).toBeVisible();
  for (const company of await cards.locator('.mentor-card-company').allTextContents()) {
    expect(company).toContain('商事');
  }
  await context.close();
});
