import { describe, expect, it } from 'vitest';
import { formatIndustry, INDUSTRY_CATEGORIES } from './taxonomy';
import { INDUSTRY_NAMES_EN, industryName } from './taxonomy-en';

describe('the industries in English', () => {
  it('names every category and subcategory', () => {
    const names = INDUSTRY_CATEGORIES.flatMap((c) => [c.name, ...c.subcategories]);
    expect(names.filter((name) => !INDUSTRY_NAMES_EN[name])).toEqual([]);
  });

  it('reads a stored industry in the reader\u2019s language, unknown text as stored', () => {
    const stored = formatIndustry('商社・流通', '総合商社');
    expect(industryName(stored, 'en')).toBe('Trading & distribution - General trading companies');
    expect(industryName(stored, 'ja')).toBe(stored);
    expect(industryName('宇宙 - 月面', 'en')).toBe('宇宙 - 月面');
  });
});
