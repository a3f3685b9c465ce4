import { capture } from './support/capture';
import { mailTo } from './support/mail';
import { expect, signInAs, test, type Page } from './support/test';
import { openMentorCard, signInMentor } from './support/visits';

/**
 * Seeded people (scripts/seed-demo.ts): an alumna no other journey uses, who starts with no 予約枠,
 * and a student whose other journey (contacts-before-acceptance.spec.ts) asks another alumna and
 * counts nothing of hers (every seeded student has a journey; student09 is suspended by one).
 */
const MENTOR = 'og39@demo.example.jp';
const STUDENT = 'student11@aoyama.jp';

/** The private calendar feed of whoever `page` is signed in as, and its slots feed (alumnae). */
async function feedsOf(page: Page): Promise<{ visits: string; slots: string | null }> {
  const answer = await page.request.get('/api/calendar/feed');
  expect(answer.ok()).toBe(true);
  const { url, slotsUrl } = (await answer.json()) as { url: string; slotsUrl: string | null };
  const visits = await (await page.request.get(url)).text();
  const slots = slotsUrl ? await (await page.request.get(slotsUrl)).text() : null;
  return { visits, slots };
}

/** "20261203T010000Z": how an .ics names the instant. */
function icsInstant(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

test('an alumna publishes windows, a student books a slot with an agenda in one step, she accepts with one tap, and the visit is on both calendars', async ({
  page,
  browser,
}) => {
  // Two people, mail and four pages at two widths in two languages.
  test.setTimeout(150_000);
  await page.request.delete('/_dev/mail');

  // She sets her 予約枠 from her profile: Monday to Sunday, 10:00–12:00, online or at a café.
  const { mentorPage, mentorName } = await signInMentor(browser, MENTOR);
  await mentorPage.getByRole('link', { name: '予約枠を設定する' }).click();
  await expect(mentorPage.getByRole('heading', { name: '予約枠の設定' })).toBeVisible();
  await mentorPage.getByLabel('予約枠を公開する').check();
  await mentorPage.getByRole('button', { name: '毎週の枠を追加' }).click();
  const first = mentorPage.getByRole('group', { name: '毎週の枠 1' });
  await first.getByLabel('開始').fill('10:00');
  await first.getByLabel('終了').fill('12:00');
  await first.getByLabel('形式').selectOption({ label: 'どちらでも' });
  await first.getByLabel('会う場所の種類').selectOption({ label: 'カフェなど人目のある場所' });
  await first.getByLabel('場所（任意）').fill('新宿駅周辺のカフェ');
  for (let day = 2; day <= 7; day++) {
    await mentorPage.getByRole('button', { name: '毎週の枠を追加' }).click();
  }
  await expect(mentorPage.getByRole('group', { name: '毎週の枠 7' })).toBeVisible();
  // Holidays too, so that the journey finds slots whatever day it runs.
  await mentorPage.getByLabel('祝日も受け付ける').check();
  await mentorPage.getByRole('button', { name: '予約枠を保存' }).click();
  await expect(mentorPage.getByText('予約枠を保存しました。').first()).toBeVisible();
  const preview = mentorPage.locator('section', {
    has: mentorPage.getByRole('heading', { name: '今後2週間の枠' }),
  });
  await expect(preview.getByText('10:00〜11:00').first()).toBeVisible();
  await capture(mentorPage, 'booking-settings');

  // The student finds her with 「2週間以内に空きあり」, her card naming the earliest slot.
  await signInAs(page, STUDENT);
  await expect(page).toHaveURL(/\/mentors-list/);
  await page.getByRole('button', { name: /詳細条件/ }).click();
  await page.getByLabel('2週間以内に空きあり').check();
  await expect(page).toHaveURL(/slotSoon=1/);
  await page.getByLabel('キーワード').fill(mentorName);
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  const card = page.getByRole('link', { name: new RegExp(mentorName) }).first();
  // 10:00 at the earliest, or 11:00 when the journey runs between 10:00 and 11:00 in Japan (a
  // slot is booked at least BOOKING_NOTICE_HOURS_MIN ahead: that day's 10:00 is too soon).
  await expect(card).toContainText(/最短 \d{1,2}\/\d{1,2}\(.\) 1[01]:00/);
  await capture(page, 'booking-og-list', { fullPage: false });
  await openMentorCard(page, mentorName);
  await expect(page.getByRole('heading', { name: '空き枠から予約' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ほかの日時で依頼する' })).toBeVisible();
  await capture(page, 'booking-mentor-page');

  // One slot, one form: the purpose, a message, questions from an example, the rules.
  await page
    .getByRole('link', { name: /10:00〜11:00.*を予約する/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/book\?slot=/);
  const slotStart = new URL(page.url()).searchParams.get('slot')!;
  await page.getByLabel('訪問の目的').selectOption({ label: '業界研究' });
  await page.getByLabel('オンライン').check();
  await page
    .getByRole('textbox', { name: 'メッセージ' })
    .fill('青山学院大学3年の学生です。業界のことを30分ほど伺えると嬉しいです。');
  await page.getByRole('button', { name: '業界研究の質問例を入れる' }).click();
  await expect(page.getByText('質問の例を3件入れました。')).toBeVisible();
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await capture(page, 'booking-form');
  await page.getByRole('button', { name: 'この枠で予約する' }).click();
  await expect(page).toHaveURL(/\/visit-requests\/[0-9a-f-]{36}$/);
  await expect(page.getByText('返答待ち').first()).toBeVisible();
  // The held slot is on her calendar as a tentative booking already.
  expect((await feedsOf(page)).visits).toContain('STATUS:TENTATIVE');

  // She opens the mailed link, reads the agenda, and accepts: the time is chosen already.
  const requestMail = await mailTo(page.request, MENTOR);
  expect(requestMail.subject).toBe('【OGコネクト】OG訪問の依頼が届きました');
  await mentorPage.goto(requestMail.links.find((url) => url.includes('/visit-requests/'))!);
  await expect(mentorPage.getByText('相談したいこと').first()).toBeVisible();
  await expect(
    mentorPage.getByText('この業界を選んだ理由', { exact: false }).first(),
  ).toBeVisible();
  await mentorPage.getByLabel('安全のためのルールを確認し、守ります').check();
  await mentorPage.getByRole('button', { name: '承諾する' }).click();
  await expect(mentorPage.getByText('承諾済み').first()).toBeVisible();
  await capture(mentorPage, 'booking-accepted');

  // On both calendars, at the slot's own time; her slots feed shows it booked.
  const at = `DTSTART:${icsInstant(slotStart)}`;
  const student = await feedsOf(page);
  expect(student.visits).toContain(at);
  expect(student.visits).toContain('STATUS:CONFIRMED');
  const mentor = await feedsOf(mentorPage);
  expect(mentor.visits).toContain(at);
  expect(mentor.slots).toContain('予約枠（空き）');
  expect(mentor.slots).toContain('予約枠（予約済み）');

  // English mode: the settings and the booked request read in English.
  await mentorPage.getByRole('button', { name: 'メニュー' }).click();
  await mentorPage.getByRole('button', { name: 'English' }).click();
  await mentorPage.goto('/mentor-profile/booking');
  await expect(mentorPage.getByRole('heading', { name: 'Open slot settings' })).toBeVisible();
  await capture(mentorPage, 'booking-settings-en');
  await page.getByRole('button', { name: 'メニュー' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await page.reload();
  await expect(page.getByText('Accepted').first()).toBeVisible();
  await capture(page, 'booking-request-en');
});
