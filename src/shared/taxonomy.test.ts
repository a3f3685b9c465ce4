import { describe, it, expect } from 'vitest';
import {
  INDUSTRY_CATEGORIES,
  INDUSTRY_SEPARATOR,
  OTHER_CATEGORY,
  findCategory,
  formatIndustry,
  isValidIndustry,
  parseIndustry,
} from './taxonomy';

function requireCategory(name: string) {
  const category = findCategory(name);
  if (!category) {
    throw new Error(`category not found: ${name}`);
  }
  return category;
}

describe('INDUSTRY_CATEGORIES', () => {
  it('has 10 categories', () => {
    expect(INDUSTRY_CATEGORIES).toHaveLength(10);
  });

  it('has the expected subcategory counts in order', () => {
    expect(INDUSTRY_CATEGORIES.map((category) => category.subcategories.length)).toEqual([
      10, 9, 10, 9, 6, 6, 6, 5, 4, 5,
    ]);
  });

  it('ends with その他', () => {
    expect(INDUSTRY_CATEGORIES.at(-1)?.name).toBe(OTHER_CATEGORY);
    expect(OTHER_CATEGORY).toBe('その他');
  });

  it('has no duplicate names among categories and subcategories', () => {
    const names = INDUSTRY_CATEGORIES.flatMap((category) => [
      category.name,
      ...category.subcategories,
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has no name containing the separator or surrounding whitespace', () => {
    for (const category of INDUSTRY_CATEGORIES) {
      for (const name of [category.name, ...category.subcategories]) {
        expect(name).not.toContain(INDUSTRY_SEPARATOR);
        expect(name).toBe(name.trim());
        expect(name).not.toBe('');
      }
    }
  });
});

describe('findCategory', () => {
  it('finds a category by name', () => {
    expect(findCategory('金融・保険')?.subcategories).toContain('証券');
  });

  it('returns undefined for an unknown name', () => {
    expect(findCategory('宇宙開発')).toBeUndefined();
  });
});

describe('formatIndustry / parseIndustry', () => {
  it('round-trips every category/subcategory pair', () => {
    for (const category of INDUSTRY_CATEGORIES) {
      for (const subcategory of category.subcategories) {
        const stored = formatIndustry(category.name, subcategory);
        expect(stored).toBe(`${category.name}${INDUSTRY_SEPARATOR}${subcategory}`);
        expect(parseIndustry(stored)).toEqual({ category: category.name, subcategory });
      }
    }
  });

  it('round-trips その他 without a subcategory', () => {
    for (const subcategory of [undefined, null, '']) {
      const stored = formatIndustry(OTHER_CATEGORY, subcategory);
      expect(stored).toBe(OTHER_CATEGORY);
      expect(parseIndustry(stored)).toEqual({ category: OTHER_CATEGORY, subcategory: undefined });
    }
  });

  it('finds the category of a bare subcategory', () => {
    for (const category of INDUSTRY_CATEGORIES) {
      for (const subcategory of category.subcategories) {
        expect(parseIndustry(subcategory)).toEqual({ category: category.name, subcategory });
      }
    }
  });

  it('gives undefined for unknown text', () => {
    const unknown = { category: undefined, subcategory: undefined };
    expect(parseIndustry('宇宙開発')).toEqual(unknown);
    expect(parseIndustry('')).toEqual(unknown);
    expect(parseIndustry(`宇宙開発${INDUSTRY_SEPARATOR}ロケット`)).toEqual(unknown);
    expect(parseIndustry(`金融・保険${INDUSTRY_SEPARATOR}ゲーム`)).toEqual(unknown);
  });
});

describe('isValidIndustry', () => {
  it('accepts every category/subcategory pair', () => {
    for (const category of INDUSTRY_CATEGORIES) {
      for (const subcategory of category.subcategories) {
        expect(isValidIndustry(category.name, subcategory)).toBe(true);
      }
    }
  });

  it('refuses a missing subcategory for a normal category', () => {
    for (const category of INDUSTRY_CATEGORIES) {
      if (category.name === OTHER_CATEGORY) {
        continue;
      }
      expect(isValidIndustry(category.name)).toBe(false);
      expect(isValidIndustry(category.name, null)).toBe(false);
      expect(isValidIndustry(category.name, '')).toBe(false);
    }
  });

  it('accepts その他 without a subcategory', () => {
    expect(isValidIndustry(OTHER_CATEGORY)).toBe(true);
    expect(isValidIndustry(OTHER_CATEGORY, null)).toBe(true);
    expect(isValidIndustry(OTHER_CATEGORY, '')).toBe(true);
  });

  it('refuses a subcategory from another category', () => {
    const itTelecom = requireCategory('IT・通信');
    const finance = requireCategory('金融・保険');
    const itSubcategory = itTelecom.subcategories[0];
    expect(itSubcategory).toBeDefined();
    expect(isValidIndustry(finance.name, itSubcategory)).toBe(false);
    expect(isValidIndustry(OTHER_CATEGORY, itSubcategory)).toBe(false);
  });

  it('refuses an unknown category or subcategory', () => {
    expect(isValidIndustry('宇宙開発')).toBe(false);
    expect(isValidIndustry('宇宙開発', 'ロケット')).toBe(false);
    expect(isValidIndustry('IT・通信', 'ロケット')).toBe(false);
  });
});
