import { capture } from './support/capture';
import { mailTo } from './support/mail';
import { expect, signInAs, test } from './support/test';
import { openMentorCard, signInMentor } from './support/visits';

/**
 * The place is said once (issue 56, point 1). Seeded people: an alumna no other journey uses, and
 * booking.spec.ts's student, who books another alumna there at another hour.
 */
const MENTOR = 'og37@demo.example.jp';
const STUDENT = 'student11@aoyama.jp';
const PLACE = '新宿駅周辺のカフェ';

test("a window's place reaches the slot, the booking form and the booked visit", async ({
  page,
  browser,
}) => {
  // Her windows are saved as her settings page saves them (booking.spec.ts fills that page).
  const { mentorPage, mentorName } = await signInMentor(browser, MENTOR);
  const saved = await mentorPage.request.put('/api/mentors/me/booking', {
    data: {
      bookingEnabled: true,
      slotMinutes: 60,
      noticeHours: 48,
      aheadDays: 30,
      bufferMinutes: 0,
      onHolidays: true,
      autoAccept: false,
      rules: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        kind: 'weekly',
        weekday,
        start: '14:00',
        end: '16:00',
        meetingFormat: 'either',
        placeKind: 'public',
        meetingPlace: PLACE,
      })),
    },
  });
  expect(saved.ok()).toBe(true);

  // The student sees the place on the slot buttons and with the slot she books.
  await signInAs(page, STUDENT);
  await openMentorCard(page, mentorName);
  const slot = page.getByRole('link', { name: /14:00〜15:00.*新宿駅周辺のカフェ.*を予約する/ });
  await expect(slot.first()).toContainText(PLACE);
  await slot.first().click();
  await expect(page.getByText(`対面の場所：${PLACE}（カフェなど人目のある場所）`)).toBeVisible();
  await page.getByLabel('対面').check();
  await page.getByLabel('訪問の目的').selectOption({ label: '業界研究' });
  await page
    .getByRole('textbox', { name: 'メッセージ' })
    .fill('青山学院大学3年の学生です。仕事のことを伺えると嬉しいです。');
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await page.getByRole('button', { name: 'この枠で予約する' }).click();
  await expect(page).toHaveURL(/\/visit-requests\/[0-9a-f-]{36}$/);
  await expect(page.getByText('予約枠の場所')).toBeVisible();
  await expect(page.getByText(`${PLACE}（カフェなど人目のある場所）`)).toBeVisible();

  // She accepts: the kind of place is chosen and 待ち合わせ場所 says her words already.
  const requestMail = await mailTo(page.request, MENTOR);
  await mentorPage.goto(requestMail.links.find((url) => url.includes('/visit-requests/'))!);
  const form = mentorPage.getByRole('region', { name: '依頼を承諾する' });
  await expect(form.getByRole('radio', { name: 'カフェなど人目のある場所' })).toBeChecked();
  await expect(form.getByRole('textbox', { name: /待ち合わせ場所/ })).toHaveValue(PLACE);
  await mentorPage.getByLabel('安全のためのルールを確認し、守ります').check();
  await capture(mentorPage, 'window-place-accept');
  await form.getByRole('button', { name: '承諾する' }).click();
  await expect(mentorPage.getByText('承諾済み').first()).toBeVisible();

  // The booked visit names the place; nothing says it is not set.
  await page.reload();
  const booked = page.getByRole('region', { name: 'OG訪問の日時が決まりました' });
  await expect(booked.getByText(PLACE)).toBeVisible();
  await expect(page.getByText(/まだ設定されていません/)).toHaveCount(0);
  await capture(page, 'window-place-booked');
});
