import { expect, newContext, signInAs, test } from './support/test';
import { capture } from './support/capture';
import { openRequestForm, sendRequest, signInMentor, slot } from './support/visits';

/** Seeded people (scripts/seed-demo.ts) that no other journey uses. */
const MENTOR = 'og26@demo.example.jp';
const STUDENT = 'student04@kansai-u.ac.jp';
const ADMIN = 'desk@example.com';

test('the two sides talk in the request’s thread; contact details are masked before acceptance; the alumna accepts with an online URL; both download the .ics and the feed lists it; a reported message reaches the admin', async ({
  page,
  browser,
}) => {
  // Three people, a mailed link, two downloads and a report: long on a busy machine.
  test.setTimeout(180_000);
  await page.request.delete('/_dev/mail');

  const { mentorContext, mentorPage, mentorName } = await signInMentor(browser, MENTOR);

  // The student sends a request and lands on it, thread and all.
  await signInAs(page, STUDENT);
  await openRequestForm(page, mentorName);
  const requestUrl = await sendRequest(page, {
    purpose: '業界研究',
    message: '関西大学3年です。業界についてお話を伺えませんか。',
    firstWish: slot(6, 15),
    format: 'オンライン',
  });
  await expect(page.getByText('まだメッセージはありません。', { exact: false })).toBeVisible();

  // A phone number typed before acceptance: warned, then masked when sent (Ctrl+Enter).
  const box = page.getByRole('textbox', { name: 'メッセージを入力' });
  await box.fill('よろしくお願いします。急ぎの場合は 090-1234-5678 にお電話ください。');
  await expect(
    page.getByText('このまま送信すると、連絡先と思われる部分は', { exact: false }),
  ).toBeVisible();
  await box.press('Control+Enter');
  await expect(box).toHaveValue('');
  const thread = page.getByRole('list', { name: 'メッセージ' });
  await expect(
    thread.getByText('急ぎの場合は ＊＊＊ にお電話ください。', { exact: false }),
  ).toBeVisible();
  await expect(thread.getByText('承諾前のため、連絡先と思われる部分を伏せました。')).toBeVisible();
  await expect(page.getByText('090-1234-5678')).toHaveCount(0);

  // The student goes on browsing; the alumna opens the request and answers in the thread.
  await page.goto('/mentors-list');
  const bell = page.getByRole('button', { name: /^お知らせ/ });
  await expect(bell).toHaveAccessibleName('お知らせ');
  await mentorPage.goto(requestUrl);
  const mentorThread = mentorPage.getByRole('list', { name: 'メッセージ' });
  await expect(mentorThread.getByText('＊＊＊', { exact: false })).toBeVisible();
  await expect(mentorPage.getByText('090-1234-5678')).toHaveCount(0);
  await mentorPage
    .getByRole('textbox', { name: 'メッセージを入力' })
    .fill('ご連絡ありがとうございます。\n当日はオンラインでお話ししましょう。');
  await mentorPage.getByRole('button', { name: '送信', exact: true }).click();
  await expect(
    mentorThread.getByText('当日はオンラインでお話ししましょう。', { exact: false }),
  ).toBeVisible();
  await capture(mentorPage, 'thread-mentor');

  // The student's bell counts it without a reload (the header asks every 20 s), and leads to it.
  await expect(bell).toHaveAccessibleName('お知らせ（未読1件）', { timeout: 30_000 });
  await bell.click();
  const panel = page.getByRole('region', { name: 'お知らせ' });
  await expect(panel.getByText(`${mentorName}さんから新しいメッセージが1件あります`)).toBeVisible();
  await capture(page, 'bell-open');
  await panel.getByRole('link', { name: /新しいメッセージ/ }).click();
  await expect(page).toHaveURL(requestUrl);
  await expect(
    thread.getByText('当日はオンラインでお話ししましょう。', { exact: false }),
  ).toBeVisible();
  await expect(bell).toHaveAccessibleName('お知らせ', { timeout: 30_000 });
  await capture(page, 'thread-student');

  // The student replies; the alumna's open thread shows it without a reload.
  await box.fill('ありがとうございます。当日よろしくお願いいたします。');
  await page.getByRole('button', { name: '送信', exact: true }).click();
  await expect(
    mentorThread.getByText('当日よろしくお願いいたします。', { exact: false }),
  ).toBeVisible({ timeout: 20_000 });

  // The alumna accepts and gives the online meeting's URL; the student sees it.
  await mentorPage.getByRole('radio', { name: /15:00/ }).check();
  await mentorPage.getByLabel('安全のためのルールを確認し、守ります').check();
  await mentorPage.getByRole('button', { name: '承諾する' }).click();
  await expect(mentorPage.getByText('承諾済み')).toBeVisible();
  await mentorPage.getByLabel('オンライン会議のURL').fill('https://meet.example.com/og-visit');
  await mentorPage.getByRole('button', { name: '保存する' }).click();
  // The link names the host it opens; the whole URL is written under it.
  await expect(mentorPage.getByRole('link', { name: 'meet.example.com を開きます' })).toBeVisible();
  await expect(mentorPage.getByText('https://meet.example.com/og-visit')).toBeVisible();
  // On a phone the notice comes down below the header: the message box, where she types just
  // above the bottom navigation, stays uncovered (issue 34).
  await mentorPage.setViewportSize({ width: 375, height: 900 });
  const notice = mentorPage.locator('.toast').filter({ hasText: '待ち合わせ情報を保存しました。' });
  await expect(notice).toBeVisible();
  const composer = mentorPage.getByRole('textbox', { name: 'メッセージを入力' });
  await composer.evaluate((element) => {
    const nav = document.querySelector('.bottom-nav')!.getBoundingClientRect();
    window.scrollBy(0, element.getBoundingClientRect().bottom - nav.top + 8);
  });
  // Every notice shown (her acceptance's too) ends above the box.
  const notices = (await mentorPage.getByRole('region', { name: '通知' }).boundingBox())!;
  const composerBox = (await composer.boundingBox())!;
  expect(notices.y + notices.height).toBeLessThan(composerBox.y);
  await capture(mentorPage, 'notice-over-thread', { fullPage: false });
  // The whole page from the top, so the header sits where a person sees it.
  await mentorPage.evaluate(() => window.scrollTo(0, 0));
  await capture(mentorPage, 'booked-mentor');
  await page.reload();
  await expect(page.getByRole('link', { name: 'meet.example.com を開きます' })).toHaveAttribute(
    'href',
    'https://meet.example.com/og-visit',
  );

  // Both download the visit as an .ics event.
  const id = requestUrl.split('/').at(-1)!;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'カレンダーに追加（.ics）' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  for (const side of [page, mentorPage]) {
    const ics = await (await side.request.get(`/api/visit-requests/${id}/calendar.ics`)).text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics.replace(/\r\n /g, '')).toContain('https://meet.example.com/og-visit');
  }

  // The student's private feed lists it, for a calendar app without any session.
  await page.goto('/profile');
  const feedUrl = await page.getByLabel('カレンダーのURL', { exact: true }).inputValue();
  await capture(page, 'calendar-feed');
  const anonymous = await browser.newContext();
  const feed = await anonymous.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect((await feed.text()).replace(/\r\n /g, '')).toContain(`UID:${id}@`);
  await anonymous.close();
  await page.goto(requestUrl);

  // The student reports the alumna's message; the admin reads it and the thread.
  await thread.getByRole('button', { name: 'このメッセージを通報する' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('通報の理由').selectOption({ label: 'その他' });
  await dialog.getByLabel('具体的な内容').fill('確認のための通報です。');
  await dialog.getByRole('button', { name: '通報する' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const adminContext = await newContext(browser);
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, ADMIN);
  await adminPage.goto('/admin/reports');
  const report = adminPage.getByRole('listitem').filter({ hasText: '確認のための通報です。' });
  await expect(report.getByText('通報されたメッセージ')).toBeVisible();
  await expect(
    report.getByText('当日はオンラインでお話ししましょう。', { exact: false }),
  ).toBeVisible();
  await report.getByRole('button', { name: 'この依頼のメッセージを表示' }).click();
  await expect(
    report.getByText('急ぎの場合は ＊＊＊ にお電話ください。', { exact: false }),
  ).toBeVisible();
  await capture(adminPage, 'thread-admin-report');

  // No mail quotes a message.
  const mails = await page.request.get('/_dev/mail');
  expect(await mails.text()).not.toContain('当日はオンラインで');
  await adminContext.close();
  await mentorContext.close();
});
