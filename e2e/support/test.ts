import { expect, test as base, type Browser, type Page } from '@playwright/test';
import { lastMailAt, newMailTo, verifyLink } from './mail';

export { expect };

/**
 * Journeys other than the notice's own start with the privacy notice already seen: the site
 * forgets it whenever it finds the browser signed out (before each sign-in), so here it is kept.
 */
export function markPrivacyNoticeSeen() {
  localStorage.setItem('privacyNoticeSeen', 'true');
  const removeItem = Storage.prototype.removeItem;
  Storage.prototype.removeItem = function (this: Storage, key: string) {
    if (key !== 'privacyNoticeSeen') removeItem.call(this, key);
  };
}

/**
 * The journeys' browsers have chosen Japanese: a browser that never chose shows the language its
 * account chose (decision 0041), and a journey that reads a page in English must not turn
 * another journey's pages of the same person into English.
 */
function chooseJapanese() {
  if (localStorage.getItem('lang') === null) localStorage.setItem('lang', 'ja');
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(markPrivacyNoticeSeen);
    await context.addInitScript(chooseJapanese);
    await use(context);
  },
});

/** A second browser (another device) for the same journey, also past the notice. */
export async function newContext(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(markPrivacyNoticeSeen);
  await context.addInitScript(chooseJapanese);
  return context;
}

export type { Page } from '@playwright/test';

/**
 * A sign-in's answers and its first page may take longer than the default 5 s on a busy machine
 * (several journeys' servers share it), and every journey starts here.
 */
export const SIGN_IN_PATIENCE = { timeout: 30_000 };

/** Signs in the way a person does: ask for a link on /login, open it from the outbox. */
export async function signInAs(page: Page, email: string) {
  // A mail sent to her just before (an approval, a reminder) is not the link she asks for now.
  const since = await lastMailAt(page.request, email);
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
  await expect(page.getByRole('heading', { name: 'ログインリンクを送信しました' })).toBeVisible(
    SIGN_IN_PATIENCE,
  );
  const mail = await newMailTo(page.request, email, since, (m) =>
    m.links.some((url) => url.includes('/auth/verify-email?token=')),
  );
  await page.goto(verifyLink(mail));
  await expect(page).not.toHaveURL(/verify-email/, SIGN_IN_PATIENCE);
}
