import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [320, 1280] as const;

/** Scans what is on screen now at 320 px (saved as a screenshot) and at 1280 px wide. */
export async function scan(page: Page, name: string) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Let the layout (and CSS transitions of the dialogs) settle at the new width.
    await page.waitForTimeout(300);
    const file = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await test.info().attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const violation of violations) {
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
      found.push(`[${width}px] ${violation.id} (${violation.impact ?? '?'}): ${targets}`);
    }
  }
  expect(found, `axe violations on ${name}:\n${found.join('\n')}`).toEqual([]);
}
