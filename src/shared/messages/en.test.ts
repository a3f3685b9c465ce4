import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enMail } from './en/mail';
import { ja } from './ja';
import { jaMail } from './ja/mail';

/** Every leaf string of a catalogue by its dotted path (array items by index). */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [path, text] of leaves(child, prefix ? `${prefix}.${key}` : key)) {
      out.set(path, text);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

// The mails' catalogue with the site's: a mail to an account is written in its language too.
const jaLeaves = leaves({ ...ja, ...jaMail });
const enLeaves = leaves({ ...en, ...enMail });
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]/;

describe('English catalogue', () => {
  it('has exactly the keys of the Japanese one', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...jaLeaves.keys()].sort());
  });

  it('keeps the same placeholders in every message', () => {
    for (const [path, text] of jaLeaves) {
      expect({ path, placeholders: placeholders(enLeaves.get(path) ?? '') }).toEqual({
        path,
        placeholders: placeholders(text),
      });
    }
  });

  it('is written in English', () => {
    const japanese = [...enLeaves].filter(([, text]) => JAPANESE.test(text)).map(([path]) => path);
    expect(japanese.length / enLeaves.size).toBeLessThan(0.02);
    expect(japanese).toEqual([]);
  });

  it('says "mentor" or "alumni", never "alumna" for everyone (issue 34, point 12)', () => {
    // Alumni of every gender read the site: a she/her word for all of them excludes the rest.
    const gendered = [...enLeaves]
      .filter(([, text]) => /\balumna(e)?\b|\bshe\b|\bher\b/i.test(text))
      .map(([path, text]) => `${path}: ${text}`);
    expect(gendered).toEqual([]);
  });

  it('names the language switch in both languages', () => {
    expect(ja.nav.language).toBe('表示言語');
    expect(en.nav.language).toBe('Language');
  });
});

describe('the catalogues’ arrangement', () => {
  it('has the same file per feature in ja/ and en/, the mails too (decision 0041)', () => {
    const names = (paths: string[]) => paths.map((file) => file.split('/').pop()).sort();
    const jaFiles = names(Object.keys(import.meta.glob('./ja/*.ts')));
    const enFiles = names(Object.keys(import.meta.glob('./en/*.ts')));
    expect(jaFiles).toContain('visits.ts');
    expect(jaFiles).toContain('mail.ts');
    expect(enFiles).toEqual(jaFiles);
  });
});
