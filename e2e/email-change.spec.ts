import { expect, signInAs, test } from './support/test';
import { mailTo, type DevMail } from './support/mail';
import { capture } from './support/capture';

/** A seeded alumna (scripts/seed-demo.ts) no other journey signs in with. */
const MENTOR = 'og33@demo.example.jp';
const NEW_ADDRESS = 'og33-moved@example.net';

test('an alumna changes her sign-in address through the mailed link, the old address is told, and she signs in with the new one', async ({
  page,
}) => {
  await signInAs(page, MENTOR);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'ログイン用メールアドレス' });
  await expect(section).toContainText(`現在のアドレス：${MENTOR}`);
  await section.getByLabel('新しいメールアドレス').fill(NEW_ADDRESS);
  await section.getByRole('button', { name: '確認メールを送る' }).click();
  await expect(section.getByRole('status')).toContainText(
    `${NEW_ADDRESS} に確認メールを送りました`,
  );

  // The link in the mail to the new address completes the change.
  const mail = await mailTo(page.request, NEW_ADDRESS);
  const link = mail.links.find((url) => url.includes('/email-change?token='));
  expect(link, 'the mail carries the change link').toBeDefined();
  await page.goto(link!);
  await page.getByRole('button', { name: 'メールアドレスを変更する' }).click();
  await expect(page.getByRole('status')).toContainText(
    `ログイン用メールアドレスを ${NEW_ADDRESS} に変更しました。`,
  );

  // The old address is told, with a link that undoes it.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/_dev/mail')).json()) as DevMail[];
      return mails.some(
        (m) =>
          m.to === MENTOR &&
          m.subject === '【OGコネクト】ログイン用メールアドレスが変更されました' &&
          m.links.some((url) => url.includes('/email-change/undo?token=')),
      );
    })
    .toBe(true);
  // It names the new address readably but partly hidden, and not as a link anyone could follow.
  const notice = (await mailTo(page.request, MENTOR)).text;
  expect(notice).toMatch(/o\*\*\*@example\.\u200bnet/);
  expect(notice).not.toContain(NEW_ADDRESS);
  expect(notice).not.toContain('example.net');
  await page.setContent(`<pre style="white-space: pre-wrap; font: 15px sans-serif"></pre>`);
  await page.locator('pre').evaluate((pre, text) => (pre.textContent = text), notice);
  await capture(page, 'old-address-notice-mail');

  // Signed out, she signs in with the new address.
  await page.context().clearCookies();
  await signInAs(page, NEW_ADDRESS);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'ログイン用メールアドレス' })).toContainText(
    `現在のアドレス：${NEW_ADDRESS}`,
  );
});
