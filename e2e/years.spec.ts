import { capture } from './support/capture';
import { expect, signInAs, test } from './support/test';

/** A seeded alumna no other journey uses (scripts/seed-demo.ts). */
const MENTOR = 'og17@demo.example.jp';

/** Next year in Japan, as the forms count it. */
const nextYear = String(new Date(Date.now() + 9 * 60 * 60 * 1000).getUTCFullYear() + 1);

test('the profile offers graduation years back to 1960 and exactly the 入社年 its rule accepts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.request.delete('/_dev/mail');
  await signInAs(page, MENTOR);
  await page.goto('/mentor-profile/edit');

  const graduation = page.getByLabel('卒業年');
  const joined = page.getByLabel('入社年');
  const values = (select: typeof joined) =>
    select
      .locator('option')
      .evaluateAll((options: HTMLOptionElement[]) => options.map((o) => o.value).filter(Boolean));
  // The form is filled once the profile has loaded (slowly on a busy machine).
  await expect(page.getByRole('heading', { name: 'OGプロフィールの編集' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByLabel('氏名')).not.toHaveValue('', { timeout: 30_000 });
  await expect(graduation.locator('option[value="1960"]')).toHaveCount(1);
  const graduationYears = await values(graduation);
  expect(graduationYears[0]).toBe(nextYear);
  expect(graduationYears.at(-1)).toBe('1960');

  // A student graduating next March joins next April: that is the one 入社年 offered, and it is taken.
  await graduation.selectOption(nextYear);
  expect(await values(joined)).toEqual([nextYear]);
  await joined.selectOption(nextYear);
  await capture(page, 'years-joined-next-year');

  await page.getByRole('button', { name: '更新する' }).click();
  await expect(
    page.getByRole('region', { name: '通知' }).getByText('プロフィールを更新しました。'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/mentor-profile$/);
  await expect(page.locator('dt', { hasText: '入社年' }).locator('+ dd')).toHaveText(
    `${nextYear}年`,
  );

  // The oldest alumni: graduated 1960, joined the same year; in English too.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/mentor-profile/edit');
  const graduationEn = page.getByLabel('Graduation year');
  await expect(graduationEn).toHaveValue(nextYear, { timeout: 30_000 });
  await graduationEn.selectOption('1960');
  const joinedEn = page.getByLabel('Year joined');
  expect((await values(joinedEn)).at(-1)).toBe('1960');
  // The 入社年 chosen before (next year) is still allowed, so it stays.
  await expect(joinedEn).toHaveValue(nextYear);
  await joinedEn.selectOption('1960');
  await capture(page, 'years-en-1960');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/mentor-profile$/);
  await expect(page.locator('dt', { hasText: 'Year joined' }).locator('+ dd')).toHaveText('1960');
});
