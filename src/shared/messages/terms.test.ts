import { describe, expect, it } from 'vitest';
import { ja } from './ja';
import { jaMail } from './ja/mail';

/**
 * The site calls its alumni OG, so the visit is 「OG訪問」 everywhere it speaks (pages,
 * mails and notices); 「OB訪問」 next to 「OG」 read as two different things.
 */
describe('the one word for the visit', () => {
  it('is OG訪問 in every Japanese message and mail', () => {
    const texts = JSON.stringify({ ...ja, ...jaMail });
    expect(texts).toContain('OG訪問');
    expect(texts).not.toContain('OB訪問');
  });
});
