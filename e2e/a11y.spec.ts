import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { expect, test, type Page, signInAs } from './support/test';
import { mailTo, verifyLink } from './support/mail';
import { scan } from './support/axe';

// The pages are independent and each worker has its own server, so the file's tests spread over
// both workers (the longest spec file would otherwise hold one worker for minutes on its own).
test.describe.configure({ mode: 'parallel' });

/**
 * Seeded accounts (scripts/seed-demo.ts) no other spec signs in with: each address may ask for
 * only 5 sign-in links per 15 minutes, so every account signs in once per run (see `session`).
 */
const MENTOR = 'og20@demo.example.jp';
/** pick(universities sorted by id, 2 * 3) = hosei, whose first domain is stu.hosei.ac.jp. */
const STUDENT = 'student03@stu.hosei.ac.jp';
/** An admin of ADMIN_EMAILS (e2e/start-test-server.mjs) only this spec signs in with. */
const ADMIN = 'office@example.com';

/** The page's own heading, past the loading spinner or skeleton. */
async function ready(page: Page, heading?: string | RegExp) {
  await expect(page.locator('.page-loading, [aria-busy="true"]')).toHaveCount(0);
  const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
  await expect(h1.first()).toBeVisible();
}

/**
 * One sign-in per account, server and run: the session is kept in the output folder, which
 * Playwright empties at the start of each run, and reused by the tests (and a restarted worker,
 * which may be given the other worker's server: each worker has its own, playwright.config.ts).
 */
async function session(page: Page, email: string) {
  const dir = path.join(test.info().project.outputDir, '.a11y-sessions');
  const server = new URL(test.info().project.use.baseURL!).port;
  const file = path.join(dir, `${email}-${server}.json`);
  if (existsSync(file)) {
    const state = JSON.parse(readFileSync(file, 'utf8')) as Awaited<
      ReturnType<BrowserContext['storageState']>
    >;
    await page.context().addCookies(state.cookies);
    return;
  }
  await signInAs(page, email);
  mkdirSync(dir, { recursive: true });
  await page.context().storageState({ path: file });
}

test.describe('signed out', () => {
  test('/login', async ({ page }) => {
    await page.goto('/login');
    await ready(page, 'ログイン');
    await scan(page, 'login');
  });

  test('/login with the link sent', async ({ page }) => {
    await page.goto('/login');
    // A seeded alumna no spec signs in with: unknown addresses get an error instead.
    await page.getByLabel('メールアドレス').fill('og21@demo.example.jp');
    await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
    await expect(page.getByRole('heading', { name: 'ログインリンクを送信しました' })).toBeVisible();
    await scan(page, 'login-sent');
  });

  test('/register', async ({ page }) => {
    await page.goto('/register');
    await ready(page, '学生の新規登録');
    await scan(page, 'register');
  });

  test('/auth/verify-email with an invalid token', async ({ page }) => {
    await page.goto('/auth/verify-email?token=x');
    // Without it the page first asks which address the link was sent to.
    await page.evaluate(() => localStorage.setItem('emailForSignIn', 'og21@demo.example.jp'));
    await page.reload();
    // A cut-off token is an invalid link like any other.
    await expect(page.getByRole('alert')).toHaveText(
      '認証リンクが無効です。もう一度ログインしてください。',
    );
    await scan(page, 'verify-email-invalid');
  });

  test('/mentor-register with an invalid code', async ({ page }) => {
    await page.goto('/mentor-register?email=nobody%40example.com&code=ZZZZZZ');
    await expect(page.getByRole('alert')).toBeVisible();
    await scan(page, 'mentor-register-invalid');
  });

  // The older link (code alone) asks for the invited address first.
  test('/mentor-register with only a code', async ({ page }) => {
    await page.goto('/mentor-register?code=ZZZZZZ');
    await expect(page.getByLabel('招待されたメールアドレス')).toBeVisible();
    await scan(page, 'mentor-register-address');
  });

  test('/unauthorized', async ({ page }) => {
    await page.goto('/unauthorized');
    await ready(page, 'アクセス権限がありません');
    await scan(page, 'unauthorized');
  });
});

test.describe('signed in as an alumna', () => {
  test.beforeEach(async ({ page }) => {
    await session(page, MENTOR);
  });

  test('/mentors-list', async ({ page }) => {
    await page.goto('/mentors-list');
    await ready(page, 'OG一覧');
    await expect(page.locator('.mentor-card').first()).toBeVisible();
    await scan(page, 'mentors-list');
  });

  test('/mentor/{first card}', async ({ page }) => {
    await page.goto('/mentors-list');
    const first = page.locator('.mentor-card').first();
    const href = (await first.getAttribute('href'))!;
    const name = (await first.locator('h2').textContent())!;
    await page.goto(href);
    await ready(page, name);
    await scan(page, 'mentor-detail');
  });

  test('/profile', async ({ page }) => {
    await page.goto('/profile');
    await ready(page);
    await scan(page, 'profile-mentor');
  });

  test('/mentor-profile/edit', async ({ page }) => {
    await page.goto('/mentor-profile/edit');
    await ready(page, 'OGプロフィールの編集');
    await scan(page, 'mentor-profile-edit');
  });

  test('/visit-requests (none received yet)', async ({ page }) => {
    await page.goto('/visit-requests');
    await ready(page, '届いた依頼');
    await scan(page, 'visit-requests-mentor');
  });

  test('/invite-mentor', async ({ page }) => {
    await page.goto('/invite-mentor');
    await ready(page, 'OG招待');
    await scan(page, 'invite-mentor');
  });

  test('the open hamburger menu', async ({ page }) => {
    await page.goto('/mentors-list');
    await ready(page, 'OG一覧');
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await expect(page.getByRole('dialog', { name: 'メニュー' })).toBeVisible();
    await scan(page, 'menu');
  });

  test('the terms dialog', async ({ page }) => {
    await page.goto('/mentors-list');
    await ready(page, 'OG一覧');
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await page.getByRole('button', { name: '利用規約' }).click();
    await expect(page.getByRole('dialog', { name: '利用規約' })).toBeVisible();
    await scan(page, 'terms');
  });

  test('the withdrawal confirmation dialog', async ({ page }) => {
    await page.goto('/mentors-list');
    await ready(page, 'OG一覧');
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await page.getByRole('button', { name: '退会' }).click();
    const dialog = page.getByRole('dialog', { name: '退会の確認' });
    await expect(dialog).toBeVisible();
    await scan(page, 'withdraw');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('signed in as a student', () => {
  test.beforeEach(async ({ page }) => {
    await session(page, STUDENT);
  });

  test('/profile', async ({ page }) => {
    await page.goto('/profile');
    await ready(page);
    await scan(page, 'profile-student');
  });

  test('/student-profile', async ({ page }) => {
    await page.goto('/student-profile');
    await ready(page, '学生プロフィール');
    await scan(page, 'student-profile');
  });

  test('/student-profile/edit', async ({ page }) => {
    await page.goto('/student-profile/edit');
    await ready(page, '学生プロフィールの編集');
    await scan(page, 'student-profile-edit');
  });

  test('/mentor/{first card}/request with every error shown', async ({ page }) => {
    await page.goto('/mentors-list');
    const href = (await page.locator('.mentor-card').first().getAttribute('href'))!;
    await page.goto(`${href}/request`);
    await ready(page, 'OG訪問の依頼');
    await page.getByRole('button', { name: '依頼を送信する' }).click();
    await expect(page.getByText('訪問の目的を選択してください。')).toBeVisible();
    await scan(page, 'visit-request-form');
  });

  test('/visit-requests/{id} with its thread', async ({ page }) => {
    await page.goto('/mentors-list');
    const href = (await page.locator('.mentor-card').first().getAttribute('href'))!;
    await page.goto(`${href}/request`);
    await ready(page, 'OG訪問の依頼');
    await page.getByLabel('目的').selectOption({ label: 'キャリア相談' });
    await page
      .getByLabel('メッセージ', { exact: true })
      .fill('アクセシビリティ確認のための依頼です。');
    const tokyo = new Date(Date.now() + 9 * 3_600_000 + 7 * 86_400_000);
    await page.getByLabel('第1希望').fill(`${tokyo.toISOString().slice(0, 10)}T11:00`);
    await page.getByLabel('オンライン').check();
    await page.getByLabel('安全のためのルールを確認し、守ります').check();
    await page.getByRole('button', { name: '依頼を送信する' }).click();
    await ready(page, 'OG訪問の依頼');
    const box = page.getByRole('textbox', { name: 'メッセージを入力' });
    await box.fill('はじめまして。メールは a@example.com です。');
    await box.press('Control+Enter');
    await expect(page.getByText('承諾前のため、連絡先と思われる部分を伏せました。')).toBeVisible();
    await box.fill('090-0000-0000');
    await expect(page.getByRole('status').filter({ hasText: '＊＊＊' })).toBeVisible();
    await scan(page, 'visit-request-thread');
  });

  test('the bell’s open panel', async ({ page }) => {
    await page.goto('/mentors-list');
    await ready(page, 'OG一覧');
    await page.getByRole('button', { name: /^お知らせ/ }).click();
    await expect(page.getByRole('region', { name: 'お知らせ' })).toBeVisible();
    await scan(page, 'bell');
  });

  test('/visit-requests (none sent yet)', async ({ page }) => {
    await page.goto('/visit-requests');
    await ready(page, '送った依頼');
    await scan(page, 'visit-requests-student');
  });

  test('/student-profile/edit saved: the toast', async ({ page }) => {
    await page.goto('/student-profile/edit');
    await ready(page, '学生プロフィールの編集');
    await page.getByRole('button', { name: '更新する' }).click();
    await expect(
      page.getByRole('region', { name: '通知' }).getByText('プロフィールを更新しました。'),
    ).toBeVisible();
    await scan(page, 'toast-saved');
  });
});

test.describe('signed in as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await session(page, ADMIN);
  });

  test('/admin (overview with charts)', async ({ page }) => {
    await page.goto('/admin');
    await ready(page, '管理画面の概要');
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await scan(page, 'admin-overview');
  });

  test('/admin/feedback', async ({ page }) => {
    await page.goto('/admin/feedback');
    await ready(page, 'OG訪問のフィードバック');
    // The visit-follow-up journey may or may not have left feedback yet: a table or the empty note.
    await expect(page.locator('tbody tr, p.muted').first()).toBeVisible();
    await scan(page, 'admin-feedback');
  });

  test('/admin/visits', async ({ page }) => {
    await page.goto('/admin/visits?tab=recent');
    await ready(page, 'OG訪問の予定');
    // The demo holds a visit two days ago (student05 with og38): the table has rows.
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await scan(page, 'admin-visits');
  });

  test('/admin/reach (where the requests went, who is left out)', async ({ page }) => {
    await page.goto('/admin/reach');
    await ready(page, '依頼の偏り');
    // The demo's requests went to some alumni only: the chart has bars, the lists have people.
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '紹介する' }).first()).toBeVisible();
    await scan(page, 'admin-reach');
  });

  test('/admin/desk', async ({ page }) => {
    await page.goto('/admin/desk');
    await ready(page, '相談窓口');
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await scan(page, 'admin-desk');
  });

  for (const [path, heading, name] of [
    ['/admin/users', 'ユーザー管理', 'admin-users'],
    ['/admin/invitations', '招待の管理', 'admin-invitations'],
    ['/admin/universities', '大学の管理', 'admin-universities'],
    ['/admin/audit', '監査ログ', 'admin-audit'],
  ] as const) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await ready(page, heading);
      await expect(page.locator('li.admin-row, .admin-audit-row, tbody tr').first()).toBeVisible();
      await scan(page, name);
    });
  }

  test('the suspend confirmation dialog', async ({ page }) => {
    await page.goto('/admin/users?role=student');
    await ready(page, 'ユーザー管理');
    const row = page.locator('li.admin-row').first();
    await row.locator('summary').click();
    await row.getByRole('button', { name: '利用停止' }).click();
    const dialog = page.getByRole('dialog', { name: '利用停止の確認' });
    await expect(dialog).toBeVisible();
    await scan(page, 'admin-suspend-dialog');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();
  });
});

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('keyboard only: sign in, search the list and open a card', async ({ page }) => {
  await page.request.delete('/_dev/mail');
  await page.goto('/login');
  await ready(page, 'ログイン');
  await tabTo(page, page.getByLabel('メールアドレス'));
  await page.keyboard.type(STUDENT);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'ログインリンクを送信しました' })).toBeFocused();

  await page.goto(verifyLink(await mailTo(page.request, STUDENT)));
  await expect(page).toHaveURL(/\/mentors-list$/);
  await ready(page, 'OG一覧');
  await expect(page.locator('.mentor-card').first()).toBeVisible();
  const keyword = page.getByLabel('キーワード');
  await tabTo(page, keyword);
  await page.keyboard.type('ぜひ');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  const first = page.locator('.mentor-card').first();
  await expect(first).toContainText('ぜひ');
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mentor\//);
  await ready(page);
});
