import { capture, captureBoth } from './support/capture';
import { expect, newContext, signInAs, test, type Page } from './support/test';
import { signInMentor, slot } from './support/visits';

/**
 * 座談会 (issue 58, docs/PRODUCT.md §7c) on the demo seed. og15 is in no other journey. The three
 * who take seats (student03, student05, student08) have journeys about their own visits that
 * count nothing a seat changes (no calendar feed, no bell count, no withdrawal); none is
 * suspended (student09) or at a no-show stop (student07). student10, moved up from the waiting
 * list, is told on her bell: her other journeys only browse and read notes and count no bell.
 */
const MENTOR = 'og15@demo.example.jp';
const SEATED = [
  'student03@stu.hosei.ac.jp',
  'student05@kwansei.ac.jp',
  'student08@ed.ritsumei.ac.jp',
];
const WAITING = 'student10@g.ecc.u-tokyo.ac.jp';
const TITLE = '商社の仕事と就活の進め方を話します';
/** og16's 座談会 held yesterday in person (scripts/demo-group-sessions.ts): student15 and 16 seated. */
const HELD_MENTOR = 'og16@demo.example.jp';
const HELD_STUDENT = 'student15@kwansei.ac.jp';
const HELD_ABSENT = 'student16@meiji.ac.jp';
const HELD_TITLE = '若手社員と話す、仕事選びの座談会';

/** From the menu (the bottom bar has no room for it) to the 「座談会」 list. */
async function openList(page: Page) {
  await page.getByRole('button', { name: 'メニューを開く' }).click();
  await page.getByRole('link', { name: '座談会', exact: true }).click();
  await expect(page).toHaveURL(/\/group-sessions$/);
}

/** A student signs in on a browser of her own and opens the 座談会 from the list. */
async function openAsStudent(page: Page, email: string) {
  await signInAs(page, email);
  await openList(page);
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
}

test('an alumna opens a 座談会 of 3 seats; three students take them, a fourth waits and is moved up when one leaves', async ({
  page,
  browser,
}) => {
  // Five people and a dozen pages: about 40 s alone, more on a busy machine.
  test.setTimeout(120_000);
  await page.request.delete('/_dev/mail');

  // The alumna opens it from the list, through the form.
  const { mentorContext, mentorPage } = await signInMentor(browser, MENTOR);
  await openList(mentorPage);
  await mentorPage.getByRole('link', { name: '座談会を開く' }).first().click();
  await expect(mentorPage).toHaveURL(/\/group-sessions\/new$/);
  await mentorPage.getByLabel('タイトル').fill(TITLE);
  await mentorPage
    .getByLabel('内容', { exact: true })
    .fill('総合商社の営業の一日、入社の決め手、ES・面接の準備について、質問に答えながら話します。');
  await mentorPage.getByLabel('業界研究').check();
  await mentorPage.getByLabel('開始日時（日本時間）').fill(slot(3, 14));
  await mentorPage.getByLabel('オンライン', { exact: true }).check();
  await mentorPage.getByLabel('席数').fill('3');
  await mentorPage.getByLabel('安全のためのルールを確認し、守ります').check();
  await capture(mentorPage, 'group-session-form');
  await mentorPage.getByRole('button', { name: '座談会を開く' }).click();
  await expect(mentorPage.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const sessionUrl = mentorPage.url();
  expect(sessionUrl).toMatch(/\/group-sessions\/[0-9a-f-]{36}$/);

  // Three students take the three seats in one step each.
  const students: Page[] = [];
  for (const email of SEATED) {
    const context = await newContext(browser);
    const student = await context.newPage();
    await openAsStudent(student, email);
    await student.getByRole('button', { name: '参加する', exact: true }).click();
    await expect(student.getByRole('status')).toHaveText(
      '席を確保しました。当日お待ちしています。',
    );
    await expect(student.getByText('この座談会に参加予定です。')).toBeVisible();
    students.push(student);
  }
  await capture(students[0]!, 'group-session-seated');

  // Full now: the list says so, and the fourth joins the waiting list, first in line.
  const fourthContext = await newContext(browser);
  const fourth = await fourthContext.newPage();
  await signInAs(fourth, WAITING);
  await openList(fourth);
  const card = fourth.locator('li, article').filter({ hasText: TITLE }).last();
  await expect(card).toContainText('満席');
  await capture(fourth, 'group-sessions-list-full');
  await card.getByRole('link', { name: TITLE }).click();
  await fourth.getByRole('button', { name: 'キャンセル待ちに登録する' }).click();
  await expect(fourth.getByRole('status')).toHaveText(/^キャンセル待ちに登録しました（1番目）。/);
  // Said once: the standing notice of her place waits until she comes back to the page.
  await expect(fourth.getByText('席が空くと順に繰り上がり', { exact: false })).toHaveCount(1);
  await capture(fourth, 'group-session-waiting');

  // The alumna sees who is coming: three seated, then the waiting list.
  await mentorPage.reload();
  const attendees = mentorPage.getByRole('table');
  await expect(attendees.getByRole('row')).toHaveCount(5);
  await expect(attendees).toContainText('キャンセル待ち1番目');
  await capture(mentorPage, 'group-session-attendees');

  // One seated student leaves; her seat goes at once to the fourth.
  const leaver = students[1]!;
  await leaver.getByRole('button', { name: '参加をやめる' }).click();
  await leaver.getByRole('dialog').getByRole('button', { name: 'やめる', exact: true }).click();
  await expect(leaver.getByRole('status')).toHaveText('参加をやめました。');
  // The seat went at once: full again, she could only wait now.
  await expect(leaver.getByRole('button', { name: 'キャンセル待ちに登録する' })).toBeVisible();

  await fourth.reload();
  await expect(fourth.getByText('この座談会に参加予定です。')).toBeVisible();
  const bell = fourth.getByRole('button', { name: /^お知らせ/ });
  await expect(bell).toHaveAccessibleName(/未読1件/, { timeout: 30_000 });
  await bell.click();
  // The notice leads back to the 座談会.
  await fourth
    .getByRole('region', { name: 'お知らせ' })
    .getByRole('link', { name: /さんの座談会で、キャンセル待ちから参加が決まりました/ })
    .click();
  await expect(fourth).toHaveURL(sessionUrl);

  await mentorPage.reload();
  await expect(attendees).not.toContainText('キャンセル待ち');
  await expect(attendees.getByRole('row')).toHaveCount(4);

  for (const student of [...students, fourth]) await student.context().close();
  await mentorContext.close();
});

test('the day after: its alumna records attendance; the one recorded absent answers 「参加しました」, the other says it ended well', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // She opens her held 座談会 from her own list and records who came.
  const { mentorContext, mentorPage } = await signInMentor(browser, HELD_MENTOR);
  await openList(mentorPage);
  await mentorPage.getByRole('link', { name: HELD_TITLE }).click();
  const attendance = mentorPage.getByRole('region', { name: '出欠' });
  await attendance
    .getByRole('group')
    .filter({ hasText: '関西学院大学' })
    .getByLabel('参加')
    .check();
  await attendance.getByRole('group').filter({ hasText: '明治大学' }).getByLabel('欠席').check();
  await attendance.getByRole('button', { name: '出欠を保存する' }).click();
  await expect(attendance.getByRole('status')).toHaveText('出欠を保存しました。');
  await captureBoth(mentorPage, 'group-session-attendance', 'Save attendance');

  // The one recorded absent reads it on her bell and answers once.
  await signInAs(page, HELD_ABSENT);
  const bell = page.getByRole('button', { name: /^お知らせ/ });
  await bell.click();
  await page
    .getByRole('region', { name: 'お知らせ' })
    .getByRole('link', { name: /座談会をあなたが欠席したと記録しました/ })
    .click();
  const claim = page.getByRole('region', { name: '「来なかった」との報告' });
  await expect(claim).toContainText('この座談会をあなたが欠席したと記録しました');
  await captureBoth(page, 'group-session-absent', 'Reported as not coming');
  await claim
    .getByLabel(/参加したときの様子/)
    .fill('19時前に会場に着き、最後まで参加していました。');
  await claim.getByRole('button', { name: '「参加しました」と回答する' }).click();
  await expect(claim).toContainText('あなたの回答「参加しました」');
  await expect(claim).toContainText('最後まで参加していました。');

  // Her alumna reads the answer beside the student.
  await mentorPage.reload();
  await expect(attendance).toContainText('「参加しました」と回答');

  // The one who came is asked 「無事に終わりましたか」 on her bell and answers with one tap.
  const attendedContext = await newContext(browser);
  const attended = await attendedContext.newPage();
  await signInAs(attended, HELD_STUDENT);
  await attended.getByRole('button', { name: /^お知らせ/ }).click();
  await attended
    .getByRole('region', { name: 'お知らせ' })
    .getByRole('link', { name: /さんの座談会は無事に終わりましたか/ })
    .click();
  const box = attended.getByRole('region', { name: '無事に終わりましたか' });
  await box.getByRole('button', { name: '無事に終わりました' }).click();
  await expect(attended.getByText(/無事に終わったとお知らせいただきました/)).toBeVisible();
  await expect(box).toHaveCount(0);

  await attendedContext.close();
  await mentorContext.close();
});

test('the day after: a seated student writes her 訪問記録 about the 座談会 from its page and offers it; its alumna consents with her name', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // student15 only: another journey records her 参加 (and student16's 欠席), before or after
  // this one; a note needs only that she was seated and not recorded absent.
  await signInAs(page, HELD_STUDENT);
  // Her held 座談会, as its mail and calendar link it (the list shows upcoming ones).
  const mine = (await (await page.request.get('/api/group-sessions/mine')).json()) as {
    items: { id: string; title: string }[];
  };
  const held = mine.items.find((item) => item.title === HELD_TITLE)!;
  await page.goto(`/group-sessions/${held.id}`);
  await expect(page.getByRole('heading', { level: 1, name: HELD_TITLE })).toBeVisible();
  const entry = page.getByRole('region', { name: '訪問記録' });
  await expect(entry).toContainText('ほかの参加者の名前は記録に載りません');
  await captureBoth(page, 'group-session-note-entry', 'Write a visit note');
  await entry.getByRole('link', { name: '訪問記録を書く' }).click();
  await expect(page).toHaveURL(/\/group-sessions\/[0-9a-f-]{36}\/note$/);
  await expect(page.getByRole('region', { name: '座談会の情報' })).toContainText(HELD_TITLE);
  await page.getByLabel('質問1').fill('一年目で一番大変だったことは何ですか。');
  await page.getByLabel('答え1').fill('先輩の仕事を覚えながら自分の担当を持つことだったそうです。');
  await page
    .getByLabel('アドバイス・感じたこと')
    .fill(
      '少人数で、ほかの学生の質問からも学べました。仕事選びでは人を見ることが大切だと感じました。',
    );
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('訪問記録を保存しました。')).toBeVisible();
  const sharing = page.getByRole('region', { name: 'ゼミへの共有' });
  await sharing.getByRole('button', { name: 'ゼミに共有する' }).click();
  await expect(sharing).toContainText('OGの確認待ち');
  await captureBoth(page, 'group-session-note', 'Sharing with the seminar');

  // Back on the 座談会's page: where her note stands.
  await page.goto(`/group-sessions/${held.id}`);
  await expect(entry).toContainText('OGの確認待ち');
  await expect(entry.getByRole('link', { name: '訪問記録を開く' })).toBeVisible();

  // Its alumna reads it where a visit's note waits for her, says it is a 座談会's, and consents.
  const { mentorContext, mentorPage } = await signInMentor(browser, HELD_MENTOR);
  await mentorPage.goto('/mentor-profile/visit-notes');
  const waiting = mentorPage.getByRole('region', { name: 'あなたの確認を待っている記録' });
  await expect(waiting).toContainText(HELD_TITLE);
  await waiting.getByRole('radio', { name: /名前を表示する/ }).check();
  await waiting.getByRole('button', { name: '共有に同意する' }).click();
  await expect(mentorPage.getByRole('region', { name: 'ゼミに共有中の記録' })).toContainText(
    HELD_TITLE,
  );
  await capture(mentorPage, 'group-session-note-consented');
  await mentorContext.close();
});
