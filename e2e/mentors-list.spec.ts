import { capture } from './support/capture';
import { mailTo, verifyLink } from './support/mail';
import { expect, signInAs, SIGN_IN_PATIENCE, test } from './support/test';

/** From the demo seed (scripts/seed-demo.ts), which the e2e server loads at start. */
const STUDENT = 'student01@aoyama.jp';

// Sign-in and the list take their time on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a student filters by industry and a kana word, opens a card and comes back to the same search', async ({
  page,
}) => {
  await page.request.delete('/_dev/mail');
  await signInAs(page, STUDENT);
  await expect(page.getByText('24件を表示中')).toBeVisible();

  await page.getByRole('button', { name: '詳細条件' }).click();
  // A select applies at once; the details stay open since a condition is set.
  await page.getByLabel('業界', { exact: true }).selectOption('IT・通信');
  await expect(page).toHaveURL(/category=IT/);
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
  // An alumna's address is private until she accepts a request of this student.
  await expect(page.getByText('連絡先は依頼が承諾されると表示されます。')).toBeVisible();
  await expect(page.getByRole('link', { name: /@demo\.example\.jp/ })).toHaveCount(0);

  await page.getByRole('button', { name: /OG一覧に戻る/ }).click();
  await expect(page).toHaveURL(/category=IT/);
  await expect(page.getByLabel('キーワード')).toHaveValue('ゼヒ');
  await expect(page.getByLabel('業界', { exact: true })).toHaveValue('IT・通信');
  await expect(cards).toHaveCount(2);
});

test('the list loads more alumni as the student scrolls', async ({ page }) => {
  await page.request.delete('/_dev/mail');
  await signInAs(page, STUDENT);
  // The list's cards (a student's 「あなたへのおすすめ」 above it are cards too).
  const cards = page.locator('.mentor-grid .mentor-card');
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'もっと見る' }).scrollIntoViewIfNeeded();
  // The seed holds 40 alumni (other journeys may add one): the rest arrive without a click.
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(40);
  await expect(page.getByRole('button', { name: /もっと見る|読み込み中/ })).toHaveCount(0);
  const links = await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);
});

test('the first alumni are on the first screen at 1280 and 375 px, the filters folded to the keyword and 「詳細条件」', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, STUDENT);
  await expect(page.locator('.list-total')).toHaveText(/^全 \d+ 件（24件を表示中）$/);
  await expect(page.locator('.mentor-card').first()).toBeInViewport();
  // Issue 56: the whole first row, not its top (it ended at 868 px once the cards grew).
  for (let i = 0; i < 3; i++) {
    await expect(page.locator('.mentor-card-frame').nth(i)).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByLabel('キーワード')).toBeVisible();
  await expect(page.getByLabel('業界', { exact: true })).toBeHidden();
  await capture(page, 'mentors-list-folded');

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.locator('.mentor-card').first()).toBeInViewport();

  // On a phone a switch and a select apply the same way: at once, the details staying open.
  await page.getByRole('button', { name: '詳細条件' }).click();
  await page.getByRole('checkbox', { name: '受付中のOGのみ' }).check();
  await expect(page).toHaveURL(/accepting=1/);
  await expect(page.getByRole('button', { name: '詳細条件（1件を指定中）' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.getByRole('combobox', { name: '相談できること' }).selectOption({ label: 'ES添削' });
  await expect(page).toHaveURL(/topic=es_review/);
  await expect(page.getByRole('button', { name: '詳細条件（2件を指定中）' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('checkbox', { name: '受付中のOGのみ' })).toBeChecked();
  await capture(page, 'mentors-list-details-open');
});

test('a student orders the list by name and finds the alumni who can help with ES', async ({
  page,
}) => {
  await page.request.delete('/_dev/mail');
  // Its own student: each address may ask for five links in 15 minutes.
  await signInAs(page, 'student10@g.ecc.u-tokyo.ac.jp');
  // The list's cards (a student's 「あなたへのおすすめ」 above it are cards too).
  const cards = page.locator('.mentor-grid .mentor-card');
  await expect(cards).toHaveCount(24);

  // あいうえお順 of the ふりがな: the seed's い… family names (伊藤, 井上) come first.
  await page.getByLabel('並び順').selectOption({ label: '名前順（あいうえお順）' });
  await expect(page).toHaveURL(/sort=reading/);
  await expect(cards.first().locator('h2')).toHaveText(/^(伊藤|井上) /);

  // A topic filter keeps the order and shows the topic on every card.
  await page.getByRole('button', { name: '詳細条件' }).click();
  await page.getByRole('combobox', { name: '相談できること' }).selectOption({ label: 'ES添削' });
  await expect(page).toHaveURL(/topic=es_review/);
  await expect(page).toHaveURL(/sort=reading/);
  await expect(page.locator('.list-total')).toHaveText(/^全 \d+ 件$/);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText('ES添削');
  await page.screenshot({ path: test.info().outputPath('mentors-list-topics-1280.png') });

  // The card's topics and job type are on the detail page too.
  await cards.first().click();
  await expect(page.getByText('相談できること', { exact: true })).toBeVisible();
  await expect(page.getByText('職種', { exact: true })).toBeVisible();
});

test('an address typed in 全角 is sent by the first tap, and a card leads to its company’s page', async ({
  page,
}) => {
  // A student no other journey changes (graduation.spec.ts makes student12 an alumna).
  const student = 'student06@meiji.ac.jp';
  await page.request.delete('/_dev/mail');
  await page.goto('/login');
  // The note under the field appears while typing, so leaving it by the button moves nothing.
  await page.getByLabel('メールアドレス').fill('ｓｔｕｄｅｎｔ０６＠ｍｅｉｊｉ．ａｃ．ｊｐ');
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(page.getByRole('heading', { name: 'ログインリンクを送信しました' })).toBeVisible(
    SIGN_IN_PATIENCE,
  );
  await page.goto(verifyLink(await mailTo(page.request, student)));
  await expect(page).toHaveURL(/mentors-list/, SIGN_IN_PATIENCE);

  // The demo's あおばフィナンシャル has an alumna and a note that names her.
  await page.getByLabel('キーワード').fill('あおば');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await page
    .getByRole('link', { name: /この会社のOG・訪問記録\s*（株式会社あおばフィナンシャル）/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/companies\//);
  await expect(
    page.getByRole('heading', { level: 1, name: '株式会社あおばフィナンシャル' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: /この会社のOG/ }).locator('.mentor-card'),
  ).not.toHaveCount(0);
  const notes = page.getByRole('region', { name: 'この会社の訪問記録' });
  await notes.getByRole('link', { name: '株式会社あおばフィナンシャル' }).first().click();
  await expect(page).toHaveURL(/\/visit-notes\//);
  await expect(
    page.getByRole('link', { name: '株式会社あおばフィナンシャル のOGと訪問記録' }),
  ).toBeVisible();
});
