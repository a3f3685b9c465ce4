import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from './search';

describe('normalizeForSearch', () => {
  it.each([
    ['サクラ', 'さくら'],
    ['ｻｸﾗ', 'さくら'],
    ['ＩＴ企業', 'it企業'],
    ['山田 花子', '山田花子'],
    ['山田　花子', '山田花子'],
    ['Web制作', 'web制作'],
  ])('folds %s to %s', (input, expected) => {
    expect(normalizeForSearch(input)).toBe(expected);
  });

  it('keeps kanji and the long vowel mark', () => {
    expect(normalizeForSearch('ソフトウェア開発')).toBe('そふとうぇあ開発');
    expect(normalizeForSearch('コーチ')).toBe('こーち');
  });
});
