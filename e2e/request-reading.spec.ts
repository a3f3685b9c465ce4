import { expect as baseExpect, signInAs, test } from './support/test';
import { capture } from './support/capture';
import { openRequestForm, sendRequest, signInMentor, slot } from './support/visits';

/** A busy machine answers slowly: each step may take longer than the default 5 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** og08 is this journey's alone; student03 only reads pages elsewhere (a11y.spec.ts). */
const MENTOR = 'og08@demo.example.jp';
const STUDENT = 'student03@stu.hosei.ac.jp';

const MESSAGE = '法政大学3年の学生です。御社の若手の働き方について、30分ほどお話を伺えませんか。';

test('a request message survives a reload, and the alumna reads it before she answers', async ({
  page,
  browser,
}) => {
  // Two people, a reload and four full-page captures: past 120 s on a busy machine.
  test.setTimeout(180_000);

  const { mentorContext, mentorPage, mentorName } = await signInMentor(browser, MENTOR);

  // The student writes her message, and the page reloads: nothing typed is lost.
  await signInAs(page, STUDENT);
  await openRequestForm(page, mentorName);
  await page.getByLabel('メッセージ').fill(MESSAGE);
  await page.reload();
  await expect(page.getByLabel('メッセージ')).toHaveValue(MESSAGE);
  await capture(page, 'request-form-draft');

  await sendRequest(page, { purpose: '企業研究', firstWish: slot(5, 10), format: 'オンライン' });
  // Sent: the draft is gone from the tab.
  const drafts = await page.evaluate(() =>
    Object.keys(sessionStorage).filter((key) => key.startsWith('visitRequestDraft:')),
  );
  expect(drafts).toEqual([]);

  // The alumna opens it on her phone: the student's message and profile, then her answer.
  await mentorPage.setViewportSize({ width: 375, height: 900 });
  await mentorPage.goto(page.url());
  const facts = mentorPage.getByRole('region', { name: '依頼の内容' });
  await expect(facts.getByText(MESSAGE)).toBeVisible();
  const factsBox = (await facts.boundingBox())!;
  const answerBox = (await mentorPage
    .getByRole('region', { name: '依頼を承諾する' })
    .boundingBox())!;
  expect(factsBox.y).toBeLessThan(answerBox.y);
  await capture(mentorPage, 'request-read-first');
  await mentorContext.close();
});
