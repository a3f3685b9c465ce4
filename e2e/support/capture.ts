import { expect, test, type Page } from './test';

/** Long enough for a full page at 2 cores; a capture that takes longer is stuck, not slow. */
const SHOT_TIMEOUT_MS = 20_000;

/**
 * The page at a phone's and a laptop's width, kept as artifacts to look at. `fullPage: false`
 * keeps only the window, as a person sees it: a notice fixed over the page stays where it sits.
 *
 * A capture is for people to look at, not an assertion: headless Chromium now and then never
 * delivers the frame a screenshot waits for (a CI run hung 5 minutes in one after every step
 * had passed), so a stuck capture is tried once more with its page in front and, stuck again,
 * noted on the test instead of failing the journey it illustrates.
 */
export async function capture(page: Page, name: string, { fullPage = true } = {}) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const file = test.info().outputPath(`${name}-${width}.png`);
    if (await shoot(page, file, fullPage)) {
      await test.info().attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
    } else {
      test.info().annotations.push({ type: 'capture-stuck', description: `${name}-${width}` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function shoot(page: Page, path: string, fullPage: boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await page.screenshot({ path, fullPage, timeout: SHOT_TIMEOUT_MS });
      return true;
    } catch (error) {
      if (page.isClosed() || !(error instanceof Error) || error.name !== 'TimeoutError') {
        throw error;
      }
      await page.bringToFront();
    }
  }
  return false;
}

/**
 * The page in Japanese and in English (this browser's own choice: the journeys' browsers chose
 * Japanese, decision 0041), at both widths; `englishText` says the English page is there.
 */
export async function captureBoth(page: Page, name: string, englishText: string) {
  await capture(page, `${name}-ja`);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByText(englishText).first()).toBeVisible();
  await capture(page, `${name}-en`);
  await page.evaluate(() => localStorage.setItem('lang', 'ja'));
  await page.reload();
}
