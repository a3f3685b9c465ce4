import { mailTo, type DevMail } from './support/mail';
import { expect, signInAs, test } from './support/test';
import { capture } from './support/capture';
import { openMentorCard, openRequestForm, sendRequest, signInMentor, slot } from './support/visits';

/** Seeded people (scripts/seed-demo.ts) that no other journey changes. */
const MENTOR = 'og30@demo.example.jp';
const STUDENT = 'student08@ed.ritsumei.ac.jp';

test('a student asks an alumna for a visit, she accepts from the e-mailed link, the student sees her address', async ({
  page,
  browser,
}) => {
  // Two people, a mailed link and a thread: about 25 s alone, more on a busy machine.
  test.setTimeout(90_000);
  await page.request.delete('/_dev/mail');

  // The alumna shows her address only to students whose request she accepted.
  const { mentorContext, mentorPage, mentorName } = await signInMentor(browser, MENTOR);
  await mentorPage.getByLabel('依頼を承諾した学生にだけ公開する').check();
  await mentorPage.getByRole('button', { name: '設定を保存' }).click();
  await expect(mentorPage.getByText('受付設定を保存しました。')).toBeVisible();
  await mentorPage.getByRole('button', { name: 'メニュー' }).click();
  await mentorPage.getByRole('button', { name: 'ログアウト' }).click();
  await expect(mentorPage).toHaveURL(/\/login/);

  // The student finds her, cannot see the address yet, and sends a request.
  await signInAs(page, STUDENT);
  await openMentorCard(page, mentorName);
  await expect(page.getByRole('heading', { name: mentorName })).toBeVisible();
  await expect(page.getByText('連絡先は依頼が承諾されると表示されます。')).toBeVisible();
  await expect(page.getByText(MENTOR)).toHaveCount(0);
  await page.getByRole('link', { name: 'OG訪問を依頼する' }).click();

  await page.getByLabel('目的').selectOption({ label: '企業研究' });
  await page
    .getByLabel('メッセージ')
    .fill('立命館大学3年の学生です。御社の働き方について30分ほどお話を伺えませんか。');
  await page.getByLabel('第1希望').fill(slot(3, 21));
  await page.getByRole('button', { name: '希望日時を追加' }).click();
  await page.getByLabel('第2希望').fill(slot(4, 18));
  await page.getByLabel('オンライン').check();
  await page.getByRole('button', { name: '依頼を送信する' }).click();
  // Late at night and without the rules confirmed: refused on the page, nothing sent.
  await expect(
    page.getByText('面談の開始時刻は8:00〜20:00の間で指定してください', { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByText('安全のためのルールを確認し、チェックを入れてください。'),
  ).toBeVisible();
  await page.getByLabel('第1希望').fill(slot(3, 10));
  await expect(page.getByText('お酒は飲まないでください', { exact: false })).toBeVisible();
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await page.getByRole('button', { name: '依頼を送信する' }).click();
  await expect(page).toHaveURL(/\/visit-requests\/[0-9a-f-]{36}$/);
  await expect(page.getByText('返答待ち').first()).toBeVisible();

  // The alumna opens the e-mailed link signed out, signs in, and lands on the request.
  const requestMail = await mailTo(page.request, MENTOR);
  expect(requestMail.subject).toBe('【OGコネクト】OG訪問の依頼が届きました');
  const requestLink = requestMail.links.find((url) => url.includes('/visit-requests/'))!;
  await mentorPage.goto(requestLink);
  await expect(mentorPage).toHaveURL(/\/login/);
  await signInAs(mentorPage, MENTOR);
  await expect(mentorPage).toHaveURL(requestLink);
  await expect(mentorPage.getByRole('link', { name: /OG訪問/ }).first()).toContainText('1');
  await expect(mentorPage.getByText('立命館大学3年の学生です。', { exact: false })).toBeVisible();
  await mentorPage.getByRole('radio', { name: /日\(.\) 10:00/ }).check();
  await mentorPage.getByLabel('安全のためのルールを確認し、守ります').check();
  await mentorPage.getByRole('button', { name: '承諾する' }).click();
  await expect(mentorPage.getByText('承諾済み')).toBeVisible();
  await expect(mentorPage.getByRole('link', { name: STUDENT })).toBeVisible();

  // The student reads the mail and now sees her address, on the request and her page.
  const acceptedMail = await mailTo(page.request, STUDENT);
  expect(acceptedMail.subject).toBe('【OGコネクト】OG訪問の依頼が承諾されました');
  await page.goto(acceptedMail.links.find((url) => url.includes('/visit-requests/'))!);
  await expect(page.getByText('承諾済み')).toBeVisible();
  await expect(page.getByRole('link', { name: MENTOR })).toBeVisible();
  await page.getByRole('link', { name: mentorName }).click();
  await expect(page.getByRole('link', { name: MENTOR })).toBeVisible();
  await mentorContext.close();
});

test('other times are a proposal: the student accepts one of them and both see the booked visit', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const mentorEmail = 'og31@demo.example.jp';
  // Neither is used by another journey (student09 is suspended by admin.spec.ts).
  const studentEmail = 'student07@st.omu.ac.jp';
  await page.request.delete('/_dev/mail');

  const { mentorContext, mentorPage, mentorName } = await signInMentor(browser, mentorEmail);

  // The student asks for one time.
  await signInAs(page, studentEmail);
  await openRequestForm(page, mentorName);
  const requestUrl = await sendRequest(page, {
    purpose: 'キャリア相談',
    message: '3年生です。キャリアについてご相談させてください。',
    firstWish: slot(5, 10),
    format: '対面',
  });

  // She cannot make that time and proposes two others at once: nothing is booked yet.
  await mentorPage.goto(requestUrl);
  await mentorPage.getByRole('radio', { name: '別の日時を提案する' }).check();
  await mentorPage.getByLabel('候補1').fill(slot(6, 19));
  await mentorPage.getByRole('button', { name: '候補の日時を追加' }).click();
  await mentorPage.getByLabel('候補2').fill(slot(7, 12));
  await mentorPage
    .getByLabel('学生へのメッセージ（任意）')
    .fill('平日の夜でしたら、新宿駅近くのカフェで。');
  // Her proposal agrees the visit once the student accepts it: the kind of place and the rules.
  await mentorPage.getByRole('radio', { name: 'カフェなど人目のある場所' }).check();
  await mentorPage.getByLabel('安全のためのルールを確認し、守ります').check();
  await capture(mentorPage, 'visit-proposal-times');
  await mentorPage.getByRole('button', { name: '日時を提案する' }).click();
  await expect(
    mentorPage.getByText('あなたが提案した日時について、学生の返答をお待ちください。'),
  ).toBeVisible();
  await expect(mentorPage.getByText('日時調整中')).toBeVisible();
  await expect(mentorPage.getByRole('link', { name: studentEmail })).toHaveCount(0);

  // The student is told by mail and by the badge on the requests tab.
  const proposalMail = await mailTo(page.request, studentEmail);
  expect(proposalMail.subject).toBe('【OGコネクト】OG訪問の日時について新しい提案が届きました');
  await page.goto('/mentors-list');
  const tab = page.getByRole('link', { name: /OG訪問/ }).first();
  await expect(tab).toContainText('1');
  await page.goto(proposalMail.links.find((url) => url.includes('/visit-requests/'))!);
  const proposal = page.getByRole('region', { name: '提案された日時' });
  await expect(proposal).toContainText('19:00');
  await expect(proposal).toContainText('12:00');
  await expect(proposal).toContainText('新宿駅近くのカフェ');
  await expect(proposal).toContainText('会う場所の種類：カフェなど人目のある場所');
  await expect(page.getByText('あと2回まで日時を提案できます（双方の合計）。')).toBeVisible();
  // Opened, it still waits for her answer: the badge stays until she gives it.
  await expect(tab).toContainText('1');
  await capture(page, 'visit-proposal');

  // She chooses the later of the two.
  await page
    .getByRole('group', { name: '承諾する日時を選ぶ' })
    .getByRole('radio', { name: /12:00/ })
    .check();
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await page.getByRole('button', { name: 'この日時で承諾する' }).click();
  const booked = page.getByRole('region', { name: 'OG訪問の日時が決まりました' });
  await expect(booked).toContainText('12:00');
  await expect(booked).toContainText('対面');
  await expect(booked).toContainText('待ち合わせ場所は');
  await expect(page.getByRole('link', { name: mentorEmail })).toBeVisible();
  await expect(tab).not.toContainText('1');
  await capture(page, 'visit-booked');
  // Her thanks for the answer, in the thread: 「次にすること」 stops asking for them.
  const thanksStep = booked.getByText('お礼と当日の確認の連絡をしましょう', { exact: false });
  await expect(thanksStep).toBeVisible();
  await page
    .getByRole('textbox', { name: 'メッセージを入力' })
    .fill('ご提案ありがとうございます。当日よろしくお願いいたします。');
  await page.getByRole('button', { name: '送信', exact: true }).click();
  await expect(thanksStep).toBeHidden();
  await capture(page, 'visit-booked-after-thanks');

  // Cancelling is a quiet button behind a confirmation; going back changes nothing.
  await page.getByRole('button', { name: 'この予定を取り消す' }).click();
  const dialog = page.getByRole('dialog', { name: 'OG訪問の予定を取り消しますか？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '戻る' }).click();
  await expect(dialog).toBeHidden();
  await expect(booked).toBeVisible();

  // The alumna hears the time was accepted and sees the booked visit with the student's address.
  const acceptedMail = await mailTo(page.request, mentorEmail);
  expect(acceptedMail.subject).toBe('【OGコネクト】提案した日時でOG訪問が決まりました');
  await mentorPage.reload();
  await expect(
    mentorPage.getByRole('region', { name: 'OG訪問の日時が決まりました' }),
  ).toContainText('上の欄に待ち合わせ場所（人目のある公共の場所）を設定してください。');
  await expect(mentorPage.getByRole('link', { name: studentEmail })).toBeVisible();

  // A place of only spaces is refused with the rule; a real one is mailed to the student, and
  // saved again unchanged the page says no one was told (meeting-details.test.tsx: nothing sent).
  const mailsToStudent = async () => {
    const mails = (await (await page.request.get('/_dev/mail')).json()) as DevMail[];
    return mails.filter((m) => m.to === studentEmail).length;
  };
  const place = mentorPage.getByLabel('待ち合わせ場所');
  const save = mentorPage.getByRole('button', { name: '保存する' });
  await place.fill('　 　');
  await save.click();
  await expect(mentorPage.getByText(/会う場所が空白だけになっています/)).toBeVisible();
  await capture(mentorPage, 'meeting-place-blank');
  const before = await mailsToStudent();
  await place.fill('新宿駅東口のカフェ');
  await save.click();
  await expect(mentorPage.getByText(/待ち合わせ情報を保存しました/)).toBeVisible();
  await expect.poll(mailsToStudent).toBe(before + 1);
  await mentorPage.getByRole('button', { name: '待ち合わせ情報を編集' }).click();
  await save.click();
  await expect(mentorPage.getByText(/待ち合わせ情報に変更はありません/)).toBeVisible();
  await capture(mentorPage, 'meeting-place-unchanged', { fullPage: false });
  await mentorContext.close();
});
