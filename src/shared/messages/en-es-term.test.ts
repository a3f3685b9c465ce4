import { describe, expect, it } from 'vitest';
import { en } from './en';

/**
 * The エントリーシート (ES) has one name in English (issue 56): 「application form (ES)」, as the
 * OG list's topic says it, never "entry sheet" on one page and "application form" bare on
 * another, so a student reads the topic, the request's purpose and the agenda's examples as
 * one thing.
 */
describe('the English word for ES', () => {
  const texts = [...JSON.stringify(en).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);

  it('is application form (ES) wherever the ES is named', () => {
    const naming = texts.filter((text) => /\bES\b|entry sheet|application form/i.test(text));
    expect(naming.length).toBeGreaterThan(0);
    for (const text of naming) {
      expect(text).not.toMatch(/entry sheet/i);
      // Every "application form" says it is the ES, and every ES is an application form.
      expect(text.match(/application forms?/gi)?.length ?? 0, text).toBe(
        text.match(/application forms? \(ES\)/gi)?.length ?? 0,
      );
      expect(text.match(/\bES\b/g)?.length ?? 0, text).toBe(
        text.match(/application forms? \(ES\)/gi)?.length ?? 0,
      );
    }
  });
});
