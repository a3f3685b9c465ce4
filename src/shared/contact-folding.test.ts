import { describe, expect, it } from 'vitest';
import { foldForMasking, originalRange } from './contact-folding';

describe('foldForMasking', () => {
  it('folds each way of writing a character to one', () => {
    expect(foldForMasking('０９０ 𝟎𝟗𝟎 ⓪⑨⓪ ⓿❾⓿ ٠٩٠ ⁰⁹⁰').text).toBe('090 090 090 090 090 090');
    expect(foldForMasking('ﾗｲﾝ ｶﾞｲﾄﾞ か\u3099').text).toBe('ライン ガイド が');
    expect(foldForMasking('LІNE ΙΝSTA ʟɪɴᴇ ℓine').text).toBe('LINE INSTA line line');
    expect(foldForMasking('a﹫b．c｡d＠e').text).toBe('a@b.c。d@e');
  });

  it('drops invisible characters and marks, keeping line breaks', () => {
    const invisible =
      '\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2060\u2066\u2069\ufeff\u00ad\u3164';
    expect(foldForMasking(`0${invisible}9\n0\ufe0f\u20e3 1\u0336`).text).toBe('09\n0 1');
  });

  it('knows the original characters of every folded unit', () => {
    const text = '㈱\u200bｶﾞ𝟎x';
    const folded = foldForMasking(text);
    expect(folded.text).toBe('(株)ガ0x');
    // (株) came from ㈱ (0–1); ガ from ｶﾞ (2–4, after the dropped zero-width space); 0 from 𝟎.
    expect(originalRange(folded, 0, 3)).toEqual([0, 1]);
    expect(originalRange(folded, 1, 2)).toEqual([0, 1]);
    expect(originalRange(folded, 3, 4)).toEqual([2, 4]);
    expect(originalRange(folded, 4, 5)).toEqual([4, 6]);
    expect(originalRange(folded, 3, 6)).toEqual([2, 7]);
    expect(text.slice(...originalRange(folded, 4, 6))).toBe('𝟎x');
  });
});
