import { capture } from './support/capture';
import { expect, signInAs, test, type Page } from './support/test';
import { openMentorCard, sendRequest, signInMentor, slot } from './support/visits';

/**
 * Seeded people (scripts/seed-demo.ts): an alumna no other journey uses, who publishes no 予約枠,
 * and a student whose other journey (visit-thread.spec.ts) asks another alumna.
 */
const MENTOR = 'og14@demo.example.jp';
const STUDENT = 'student04@kansai-u.ac.jp';
const DESK_NAME = '人事部 OB・OG訪問相談窓口';
const DESK_PHONE = '03-9876-5432';

/** Nothing on the page is wider than a 320 px phone: no sideways scrolling. */
async function expectFitsAt320(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an alumna records an online-only employer rule and cannot offer in-person slots; a student reads the rules and the three desks and opens the guidelines', async ({
  page,
  browser,
}) => {
  // Two people, two forms, five pages at two widths.
  test.setTimeout(180_000);

  // She records her employer's rules on her profile.
  const { mentorContext, mentorPage, mentorName } = await signInMentor(browser, MENTOR);
  const rules = mentorPage.getByRole('region', { name: '勤務先のOG訪問ルール' });
  await expect(rules).toContainText('2026年10月から');
  await rules.getByRole('radio', { name: 'オンラインのみ' }).check();
  await rules.getByLabel('終了の時刻').selectOption('19:00');
  await rules.getByRole('checkbox', { name: /飲酒を伴わない/ }).check();
  await rules.getByRole('textbox', { name: '窓口の名前' }).fill(DESK_NAME);
  await rules.getByRole('textbox', { name: /^連絡先/ }).fill(DESK_PHONE);
  await rules.getByRole('button', { name: 'ルールを保存' }).click();
  await expect(
    mentorPage.getByText(
      '勤務先のルールを保存しました。予約枠・承諾・時間の提案は、このルールに沿うものだけになります。',
    ),
  ).toBeVisible();
  await rules.scrollIntoViewIfNeeded();
  await capture(mentorPage, 'employer-rules-form');
  // Kept: read again, it is what she chose.
  await mentorPage.reload();
  await expect(rules.getByRole('radio', { name: 'オンラインのみ' })).toBeChecked();
  await expect(rules.getByLabel('終了の時刻')).toHaveValue('19:00');

  // Her 予約枠: in person is not offered, and says why.
  await mentorPage.getByRole('link', { name: '予約枠を設定する' }).click();
  await expect(mentorPage.getByRole('heading', { name: '予約枠の設定' })).toBeVisible();
  await mentorPage.getByRole('button', { name: '毎週の枠を追加' }).click();
  const row = mentorPage.getByRole('group', { name: '毎週の枠 1' });
  const format = row.getByLabel('形式');
  await expect(format.getByRole('option', { name: '対面' })).toBeDisabled();
  await expect(format.getByRole('option', { name: 'どちらでも' })).toBeDisabled();
  await expect(format).toHaveValue('online');
  await expect(
    row.getByText('勤務先のルール（オンラインのみ）のため、対面は選べません。'),
  ).toBeVisible();
  await expect(row.getByLabel('終了')).toHaveAttribute('max', '19:00');
  await row.scrollIntoViewIfNeeded();
  await capture(mentorPage, 'employer-rules-booking');
  // The student reads them on her page…
  await signInAs(page, STUDENT);
  await openMentorCard(page, mentorName);
  const box = page.getByRole('region', { name: 'この先輩の勤務先のルール' });
  await expect(box).toContainText('オンラインのみ');
  await expect(box).toContainText('19:00までに終了');
  await expect(box).toContainText('飲酒なし');
  await expect(box).toContainText(`勤務先の相談窓口：${DESK_NAME}`);
  await capture(page, 'employer-rules-mentor-page');

  // …and on the request form, where only online is offered.
  await page.getByRole('link', { name: 'OG訪問を依頼する' }).click();
  await page.waitForURL(/\/mentor\/[^/]+\/request$/);
  await expect(page.getByRole('region', { name: 'この先輩の勤務先のルール' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '対面' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'オンライン' })).toBeChecked();
  await expect(
    page.getByText('この先輩の勤務先のルールにより、面談はオンラインのみです。'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'OG訪問の注意事項を読む' })).toBeVisible();
  const requestUrl = await sendRequest(page, {
    purpose: '業界研究',
    message: '関西大学3年です。オンラインでお話を伺えませんか。',
    firstWish: slot(6, 10),
    format: 'オンライン',
  });

  // Her request: the rules, and 「困ったときは」 with the three desks.
  await expect(page.getByRole('region', { name: 'この先輩の勤務先のルール' })).toBeVisible();
  const safety = page.getByRole('region', { name: '困ったときは' });
  await expect(safety.getByText('困ったときの相談窓口')).toBeVisible();
  await expect(safety.getByText('OGの勤務先の相談窓口')).toBeVisible();
  await expect(safety.getByText(DESK_NAME)).toBeVisible();
  await expect(safety.getByRole('link', { name: DESK_PHONE })).toHaveAttribute(
    'href',
    'tel:0398765432',
  );
  await expect(safety.getByRole('link', { name: /総合労働相談コーナー/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.mhlw\.go\.jp\//,
  );
  await safety.scrollIntoViewIfNeeded();
  await capture(page, 'employer-rules-request');
  await expectFitsAt320(page);

  // The guidelines, from the box.
  await safety.getByRole('link', { name: 'OG訪問の注意事項（困ったときにすること）' }).click();
  await expect(page).toHaveURL(/\/visit-guidelines$/);
  await expect(page.getByRole('heading', { name: 'OG訪問の注意事項', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'OGがしてはいけないこと' })).toBeVisible();
  await expect(page.getByText(/改正男女雇用機会均等法/)).toBeVisible();
  await capture(page, 'employer-rules-guidelines');
  await expectFitsAt320(page);

  // She answers: only online can be chosen as the place.
  await mentorPage.goto(requestUrl);
  const answer = mentorPage.getByRole('region', { name: '依頼を承諾する' });
  await expect(answer.getByRole('radio', { name: 'オンライン' })).toBeChecked();
  await expect(answer.getByRole('radio', { name: 'カフェなど人目のある場所' })).toBeDisabled();
  await expect(answer.getByRole('radio', { name: '自分の勤務先（オフィス）' })).toBeDisabled();
  // The server refuses an in-person window all the same, should one be sent some other way.
  const origin = new URL(mentorPage.url()).origin;
  const refused = await mentorPage.request.put('/api/mentors/me/booking', {
    headers: { origin },
    data: {
      bookingEnabled: true,
      slotMinutes: 60,
      noticeHours: 72,
      aheadDays: 30,
      bufferMinutes: 15,
      onHolidays: false,
      autoAccept: false,
      rules: [
        {
          kind: 'weekly',
          weekday: 2,
          start: '10:00',
          end: '12:00',
          meetingFormat: 'in_person',
          placeKind: 'public',
          meetingPlace: '',
        },
      ],
    },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { code: string }).code).toBe('visit/employer-rule-online-only');

  await mentorContext.close();

  // The guidelines open signed out too.
  await page.context().clearCookies();
  await page.goto('/visit-guidelines');
  await expect(page.getByRole('heading', { name: 'OG訪問の注意事項', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/visit-guidelines$/);
});
