import { scan } from './support/axe';
import type { DevMail } from './support/mail';
import { expect, newContext, signInAs, test, type Page } from './support/test';
import { capture } from './support/capture';

/**
 * Seeded people (scripts/seed-demo.ts): an in-person visit of this student with this alumna,
 * held two days ago and not yet recorded. The student's one other journey
 * (e2e/visit-request.spec.ts) asks another alumna; one no-show does not stop her requests.
 */
const STUDENT = 'student07@st.omu.ac.jp';
const MENTOR = 'og06@demo.example.jp';
const ADMIN = 'dean@example.com';

const REASON = '丸の内オフィス1階の受付で30分お待ちしましたが、ご連絡もありませんでした。';
const ANSWER =
  '13時に1階の受付に伺いましたが、別の入口だったようです。メッセージもお送りしました。';

/** The request of the seeded visit, by the API the list page reads. */
async function heldVisitId(page: Page): Promise<string> {
  const list = (await (await page.request.get('/api/visit-requests')).json()) as {
    items: { id: string; status: string; meetingAt: string | null }[];
  };
  const held = list.items.find(
    (item) =>
      item.status === 'accepted' &&
      item.meetingAt !== null &&
      Date.parse(item.meetingAt) < Date.now(),
  );
  expect(held, 'the seeded visit held two days ago').toBeDefined();
  return held!.id;
}

/** The claim's mail to the student: the newest mail to her with that subject. */
async function claimMail(page: Page): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/_dev/mail')).json()) as DevMail[];
        found = mails.find(
          (mail) =>
            mail.to === STUDENT &&
            mail.subject === '【OGコネクト】OG訪問に来なかったとの報告がありました',
        );
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

test('an alumna records that the student did not come, with a reason; the student is mailed and answers 「参加しました」 once; an admin reads the claim and the answer on the student’s row and upholds it', async ({
  page,
  browser,
}) => {
  // Three sign-ins: more than the default on a busy machine.
  test.setTimeout(120_000);

  // The alumna opens the held visit and records a no-show: a confirmation first.
  const mentorContext = await newContext(browser);
  const mentorPage = await mentorContext.newPage();
  await signInAs(mentorPage, MENTOR);
  const id = await heldVisitId(mentorPage);
  await mentorPage.goto(`/visit-requests/${id}`);
  const followUp = mentorPage.getByRole('region', { name: 'OG訪問のあと' });
  await expect(followUp).toBeVisible();
  await followUp.getByRole('button', { name: '相手が来なかった' }).click();
  const dialog = mentorPage.getByRole('dialog', { name: '「相手が来なかった」と記録しますか？' });
  await expect(dialog).toContainText('通知とメールでお知らせします');
  await expect(dialog).toContainText('ゼミの運営者も、この記録と理由を確認します。');
  await expect(dialog).toContainText('90日以内に2回');
  await scan(mentorPage, 'no-show-confirm');
  await capture(mentorPage, 'no-show-confirm-shown');
  await dialog.getByRole('textbox', { name: /理由・状況（任意）/ }).fill(REASON);
  await dialog.getByRole('button', { name: '来なかったと記録する' }).click();
  await expect(dialog).toBeHidden();
  await expect(followUp.getByText('相手が来なかったと報告しました。')).toBeVisible();

  // The student's mail names the claim and links to the request, never the reason.
  const mail = await claimMail(page);
  expect(mail.text).not.toContain('30分お待ちしました');
  // It says until when an answer holds the claim for the admins, and what stops at two.
  expect(mail.text).toContain(
    'までに回答すると、この報告は、ゼミの運営者が双方の言い分を読んで認めた場合にだけ数えられます',
  );
  expect(mail.text).toContain('直近90日間に2回数えられると');
  const link = mail.links.find((url) => url.includes(`/visit-requests/${id}`));
  expect(link, 'the mail links to the request').toBeDefined();

  // She reads the claim with its reason on the request and answers once.
  await signInAs(page, STUDENT);
  await page.goto(link!);
  const claim = page.getByRole('group', { name: '「来なかった」との報告' });
  await expect(claim).toContainText(REASON);
  await expect(claim).toContainText('までに「参加しました」と回答すると');
  await expect(claim).toContainText('現在、あなたについて数えられている報告は');
  await expect(claim).toContainText('直近90日間に2回数えられると');
  await scan(page, 'no-show-claim');
  await capture(page, 'no-show-claim-shown');
  await claim.getByRole('textbox', { name: /参加したときの様子/ }).fill(ANSWER);
  await claim.getByRole('button', { name: '「参加しました」と回答する' }).click();
  await expect(claim).toContainText('あなたの回答「参加しました」');
  await expect(claim).toContainText(ANSWER);
  await expect(claim.getByRole('textbox')).toHaveCount(0);
  await expect(claim).toContainText(
    'ゼミの運営者が双方の言い分を読んで判断するまで、この報告は数えられません。',
  );
  // Once: the answer stays after a reload, with no form.
  await page.reload();
  await expect(page.getByRole('group', { name: '「来なかった」との報告' })).toContainText(ANSWER);
  await expect(page.getByRole('button', { name: '「参加しました」と回答する' })).toHaveCount(0);
  // No お礼 is offered for a visit recorded as missed.
  await expect(page.getByRole('button', { name: 'お礼を送る' })).toHaveCount(0);

  // The alumna reads the answer on her page.
  await mentorPage.reload();
  await expect(mentorPage.getByRole('group', { name: /さんからの回答/ })).toContainText(ANSWER);
  await mentorContext.close();

  // The admin: the student's row lists the claim by the alumna's name, with reason and answer.
  const adminContext = await newContext(browser);
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, ADMIN);
  await adminPage.goto(`/admin/users?${new URLSearchParams({ q: STUDENT }).toString()}`);
  const row = adminPage.locator('li.admin-row').filter({ hasText: STUDENT });
  await expect(row).toBeVisible();
  const claims = row.getByRole('group', { name: '「来なかった」との報告（直近90日）' });
  await expect(claims).toContainText('さんからの報告');
  await expect(claims).toContainText(`理由：${REASON}`);
  await expect(claims).toContainText('本人の回答「参加しました」');
  await expect(claims).toContainText(ANSWER);
  // Answered in time, it waits for the admin, who upholds it after reading both sides.
  await expect(claims).toContainText(
    '本人が期限内に回答しています。運営者が認めるまで数えられません。',
  );
  await claims.getByRole('button', { name: '報告を認める' }).first().click();
  await expect(claims).toContainText('運営者が認めました');
  // One no-show does not stop her requests.
  await expect(row.getByText('依頼停止中（欠席の報告2回）')).toHaveCount(0);
  await scan(adminPage, 'admin-no-show-claims');
  await capture(adminPage, 'admin-no-show-claims-shown');
  await adminContext.close();
});
