import { test, type Page } from './test';

/**
 * The page at a phone's and a laptop's width, kept as artifacts to look at. `fullPage: false`
 * keeps only the window, as a person sees it: a notice fixed over the page stays where it sits.
 */
export async function capture(page: Page, name: string, { fullPage = true } = {}) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const file = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage });
    await test.info().attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
