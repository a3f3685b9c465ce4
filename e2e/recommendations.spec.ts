import { scan } from './support/axe';
import { capture } from './support/capture';
import { expect, signInAs, test } from './support/test';

/**
 * 「あなたへのおすすめ」 (issue 57): a new student (student14, seeded for this journey alone, with
 * no 志望業界 and no request) is asked for her 志望業界, fills it, and books a slot from a
 * recommendation. The seeded alumnae of マスコミ・エンタメ are og06, og12, og18, og24, og30 and
 * og36; og12 alone of them publishes 予約枠 (scripts/seed-demo.ts) and no other journey asks
 * her, so the card with an earliest slot is hers.
 */
const STUDENT = 'student14@kansai-u.ac.jp';

test('a new student fills her 志望業界, sees her recommendations with a reason and books from one', async ({
  page,
}) => {
  await signInAs(page, STUDENT);
  await expect(page).toHaveURL(/\/mentors-list/);
  const block = page.getByRole('region', { name: 'あなたへのおすすめ' });
  // No 志望業界 yet: a list all the same, and one line asking for it.
  await expect(
    block.getByText('志望業界を登録すると、あなたに合った先輩をおすすめできます。'),
  ).toBeVisible();
  await expect(block.locator('.recommendation-strip > li').first()).toBeVisible();
  await capture(page, 'recommendations-empty-profile', { fullPage: false });
  await block.getByRole('link', { name: 'プロフィールを編集する' }).click();
  await expect(page).toHaveURL(/\/student-profile\/edit$/);
  await page.getByLabel('志望業界').selectOption({ label: 'マスコミ・エンタメ' });
  await page.getByLabel('志望職種').fill('営業');
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page.getByText('プロフィールを更新しました。').first()).toBeVisible();

  // Her list now starts with the alumnae of her 志望業界, each with its reason.
  await page.goto('/mentors-list');
  await expect(block.getByText(/志望業界を登録すると/)).toBeHidden();
  // The cards (a card's 相談できること are a list of their own).
  const cards = block.locator('.recommendation-strip > li');
  await expect(cards.first()).toContainText('志望業界（マスコミ・エンタメ）が同じ');
  const og12 = cards.filter({ hasText: /最短 / });
  await expect(og12).toHaveCount(1);
  await expect(og12).toContainText('志望業界（マスコミ・エンタメ）が同じ');
  await capture(page, 'recommendations-on-list', { fullPage: false });
  await scan(page, 'recommendations-on-list');

  // Her page of them all, then the one with a slot, booked from her page.
  await block.getByRole('link', { name: 'おすすめをもっと見る' }).click();
  await expect(page).toHaveURL(/\/recommendations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'あなたへのおすすめ' })).toBeVisible();
  await capture(page, 'recommendations-page');
  await scan(page, 'recommendations-page');
  await page.getByRole('link', { name: /最短 / }).first().click();
  await expect(page.getByRole('heading', { name: '空き枠から予約' })).toBeVisible();
  await page
    .getByRole('link', { name: /を予約する$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/book\?slot=/);
  await page.getByLabel('訪問の目的').selectOption({ label: '業界研究' });
  const online = page.getByLabel('オンライン');
  if (await online.isVisible()) await online.check();
  await page
    .getByRole('textbox', { name: 'メッセージ' })
    .fill('関西大学の学生です。マスコミ業界の営業のお仕事について伺えると嬉しいです。');
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await page.getByRole('button', { name: 'この枠で予約する' }).click();
  await expect(page).toHaveURL(/\/visit-requests\/[0-9a-f-]{36}$/);
  await expect(page.getByText('返答待ち').first()).toBeVisible();

  // In English: the block and its page say the same in English.
  await page.getByRole('button', { name: 'メニュー' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await page.goto('/mentors-list');
  await expect(page.getByRole('heading', { name: 'Recommended for you' })).toBeVisible();
  await expect(
    page.getByText('Same desired industry (Media & entertainment)').first(),
  ).toBeVisible();
  await capture(page, 'recommendations-on-list-en', { fullPage: false });
  await page.goto('/recommendations');
  await expect(page.getByRole('heading', { level: 1, name: 'Recommended for you' })).toBeVisible();
  await capture(page, 'recommendations-page-en');
});
