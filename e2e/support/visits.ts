import type { Browser } from '@playwright/test';
import { expect, newContext, signInAs, SIGN_IN_PATIENCE, type Page } from './test';

/**
 * The start every visit journey shares: the alumna signs in on her own browser, the student finds
 * her on the OG list by name and sends a request. Each journey keeps its own seeded people (so that
 * none disturbs another) and its own assertions.
 */

/** "YYYY-MM-DDTHH:mm" in Japan time, `days` from now at `hour`:00: what the field takes. */
export function slot(days: number, hour: number): string {
  const tokyo = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return `${tokyo.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

/** The alumna signs in on a browser of her own; her name is read as students find it. */
export async function signInMentor(browser: Browser, email: string) {
  const mentorContext = await newContext(browser);
  const mentorPage = await mentorContext.newPage();
  await signInAs(mentorPage, email);
  await expect(mentorPage).toHaveURL(/\/profile$/, SIGN_IN_PATIENCE);
  const mentorName = (await mentorPage.locator('.profile-name').textContent())!;
  return { mentorContext, mentorPage, mentorName };
}

/** On the OG list (where a student lands when she signs in): search by name, open the card. */
export async function openMentorCard(page: Page, mentorName: string) {
  await expect(page).toHaveURL(/\/mentors-list/, SIGN_IN_PATIENCE);
  await page.getByLabel('キーワード').fill(mentorName);
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await page
    .getByRole('link', { name: new RegExp(mentorName) })
    .first()
    .click();
}

/** From the OG list to the alumna's request form. */
export async function openRequestForm(page: Page, mentorName: string) {
  await openMentorCard(page, mentorName);
  await page.getByRole('link', { name: 'OG訪問を依頼する' }).click();
  // The OG page has a section labelled メッセージ too (her own message): wait until the form has
  // replaced it, or a journey's getByLabel('メッセージ') finds that section instead of the field.
  await page.waitForURL(/\/mentor\/[^/]+\/request$/);
  await expect(page.getByRole('textbox', { name: 'メッセージ' })).toBeVisible();
}

export interface VisitRequestAnswers {
  purpose: string;
  /** Left out when the journey has typed it already. */
  message?: string;
  firstWish: string;
  format: 'オンライン' | '対面';
}

/** Fills the open request form, confirms the rules and sends it; the request's page URL. */
export async function sendRequest(page: Page, answers: VisitRequestAnswers): Promise<string> {
  await page.getByLabel('目的').selectOption({ label: answers.purpose });
  if (answers.message !== undefined) {
    await page.getByLabel('メッセージ', { exact: true }).fill(answers.message);
  }
  await page.getByLabel('第1希望').fill(answers.firstWish);
  await page.getByLabel(answers.format).check();
  await page.getByLabel('安全のためのルールを確認し、守ります').check();
  await page.getByRole('button', { name: '依頼を送信する' }).click();
  await expect(page).toHaveURL(/\/visit-requests\/[0-9a-f-]{36}$/);
  return page.url();
}
