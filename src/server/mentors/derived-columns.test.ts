import { describe, expect, it } from 'vitest';
import { mentorDerivedColumns } from './queries';

describe('a mentor row’s derived columns', () => {
  const entered = {
    name: '佐藤 花子',
    nameReading: 'サトウ ハナコ',
    company: 'ABC商事',
    companyReading: 'エービーシーショウジ',
    message: 'お気軽にどうぞ',
  };

  it('store the industry with its subcategory and search over it and the readings, folded', () => {
    expect(
      mentorDerivedColumns({
        ...entered,
        industryCategory: '商社',
        industrySubcategory: '総合商社',
      }),
    ).toEqual({
      industry: '商社 - 総合商社',
      searchText: '佐藤花子さとうはなこabc商事えーびーしーしょうじお気軽にどうぞ商社-総合商社',
    });
  });

  it('store the category alone when no subcategory was chosen (empty as from a form)', () => {
    const columns = mentorDerivedColumns({
      ...entered,
      industryCategory: 'その他',
      industrySubcategory: '',
    });
    expect(columns.industry).toBe('その他');
    expect(columns.searchText.endsWith('その他')).toBe(true);
  });
});
