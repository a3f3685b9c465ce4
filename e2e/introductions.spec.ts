import type { Page } from '@playwright/test';
import { capture, captureBoth } from './support/capture';
import { mailTo, verifyLink } from './support/mail';
import { expect, SIGN_IN_PATIENCE, test } from './support/test';
import { signInMentor, slot } from './support/visits';

/**
 * 紹介 (issue 57, decision 0044): an alumna introduces a student she met to another alumna, who
 * opts in; the student reads 「○○さんを紹介します」 and asks from it in one step. Its own people:
 * og22 (who met the student), og24 (introduced), and a student registered here.
 */
const INTRODUCER = 'og22@demo.example.jp';
const INTRODUCED = 'og24@demo.example.jp';
const STUDENT = 'shoukai.midori@akane.waseda.jp';
const REASON = '商社志望で、海外営業の働き方を聞きたがっています。';

/** A write as the page's signed-in person, from the page's origin (the site refuses others). */
function send(page: Page, method: 'POST' | 'PUT', path: string, data: object) {
  const origin = new URL(page.url()).origin;
  return page.request.fetch(path, { method, data, headers: { origin } });
}

/** On the introducer's form: find the alumna by name, choose her, write the reason. */
async function chooseAndExplain(page: Page, name: string) {
  await page.getByLabel('先輩を検索（名前・会社・業界など）').fill(name);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await page.getByRole('button', { name: `この先輩を選ぶ: ${name}` }).click();
  await page.getByLabel('紹介する理由').fill(REASON);
}

async function registerStudent(page: Page) {
  await page.goto('/register');
  await page.getByLabel('氏名').fill('紹介 みどり');
  await page.getByLabel('フリガナ', { exact: true }).fill('しょうかい みどり');
  await page.getByLabel('学籍番号').fill('1Y23A777');
  await page.getByLabel('大学', { exact: true }).selectOption({ label: '早稲田大学' });
  await page.getByLabel('学部').fill('商学部');
  await page.getByLabel('学科').fill('経営学科');
  await page.getByLabel('学年').selectOption('3年');
  await page.getByLabel('大学のメールアドレス').fill(STUDENT);
  await page.getByRole('button', { name: '利用規約を確認して登録する' }).click();
  await page.getByRole('button', { name: '同意して続ける' }).click();
  await expect(page.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();
  await page.goto(verifyLink(await mailTo(page.request, STUDENT)));
  await page.getByRole('button', { name: 'この内容で登録を完了する' }).click();
  await expect(page).toHaveURL(/\/mentors-list$/, SIGN_IN_PATIENCE);
}

test('an alumna introduces a student she met; the introduced alumna opts in; the student asks from the notice', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await registerStudent(page);
  const introducer = await signInMentor(browser, INTRODUCER);
  const introduced = await signInMentor(browser, INTRODUCED);

  // The visit that lets og22 introduce her: asked and agreed through the API (the request and
  // acceptance journeys are visit-request.spec's).
  const find = await page.request.get(
    `/api/mentors?${new URLSearchParams({ q: introducer.mentorName })}`,
  );
  const urlParam = ((await find.json()) as { items: { urlParam: string }[] }).items[0]!.urlParam;
  const asked = await send(page, 'POST', '/api/visit-requests', {
    mentorUrlParam: urlParam,
    purpose: 'career_advice',
    message: '商社の仕事についてお話を伺いたいです。',
    preferredSlots: [slot(5, 10)],
    meetingFormat: 'online',
    safetyRulesConfirmed: true,
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id: visitId } = (await asked.json()) as { id: string };
  const accepted = await send(
    introducer.mentorPage,
    'POST',
    `/api/visit-requests/${visitId}/accept`,
    {
      slotIndex: 0,
      message: '',
      safetyRulesConfirmed: true,
      placeKind: 'online',
    },
  );
  expect(accepted.status(), await accepted.text()).toBe(200);

  // og22 introduces her from the visit's page.
  const mentorPage = introducer.mentorPage;
  await mentorPage.goto(`/visit-requests/${visitId}`);
  await mentorPage.getByRole('link', { name: 'ほかの先輩を紹介する' }).click();
  await expect(mentorPage.getByText(/紹介 みどりさん（早稲田大学）/)).toBeVisible();
  await chooseAndExplain(mentorPage, introduced.mentorName);
  await captureBoth(mentorPage, 'introduce-form', 'Introduce another mentor');
  // The page came back from the captures: choose again and send.
  await chooseAndExplain(mentorPage, introduced.mentorName);
  await mentorPage.getByRole('button', { name: '紹介する', exact: true }).click();
  await expect(mentorPage.getByText(/に紹介を送りました/)).toBeVisible();

  // og24 is told, reads the reason and opts in.
  const asking = await mailTo(page.request, INTRODUCED);
  expect(asking.subject).toBe('【OGコネクト】学生の紹介が届きました');
  const answerPage = introduced.mentorPage;
  await answerPage.goto(asking.links.find((url) => url.includes('/introductions/'))!);
  await expect(answerPage.getByText(REASON)).toBeVisible();
  await captureBoth(answerPage, 'introduction-answer', 'A student introduced to you');
  await answerPage.getByRole('button', { name: '受ける' }).click();
  await expect(answerPage.getByText(/この紹介を受けました/)).toBeVisible();

  // The student sees the notice on her bell and asks from it in one step.
  await page.goto('/mentors-list');
  await page.getByRole('button', { name: /^お知らせ/ }).click();
  await page
    .getByRole('link', { name: new RegExp(`${introduced.mentorName}さんを紹介します`) })
    .click();
  await expect(
    page.getByRole('heading', { name: `${introduced.mentorName}さんを紹介します` }),
  ).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  await captureBoth(page, 'introduction-notice', `Introducing ${introduced.mentorName}`);
  await page.getByRole('link', { name: `${introduced.mentorName}さんに依頼する` }).click();
  await expect(page).toHaveURL(/\/request\?introduction=/);
  await expect(
    page.getByText(`${introduced.mentorName}さんからの紹介で依頼します。`),
  ).toBeVisible();
  await capture(page, 'introduced-request-ja');
  await page.getByLabel('目的').selectOption({ index: 1 });
  await page
    .getByLabel('メッセージ', { exact: true })
    .fill('ご紹介いただきました。お話を伺いたいです。');
  await page.getByLabel('第1希望').fill(slot(6, 14));
  await page.getByLabel('オンライン').check();
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await page.getByRole('button', { name: '依頼を送信する' }).click();
  await expect(page).toHaveURL(/\/visit-requests\/[0-9a-f-]{36}$/);

  await introducer.mentorContext.close();
  await introduced.mentorContext.close();
});
