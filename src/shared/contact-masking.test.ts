import { describe, expect, it } from 'vitest';
import { MASK, maskContactDetails } from './contact-masking';

const masked = (text: string) => maskContactDetails(text).text;

describe('maskContactDetails', () => {
  it.each([
    ['電話は090-1234-5678です', `電話は${MASK}です`],
    ['電話は０９０ー１２３４ー５６７８です', `電話は${MASK}です`],
    ['09012345678 にお願いします', `${MASK} にお願いします`],
    ['03 (1234) 5678', MASK],
    ['+81 90 1234 5678', MASK],
    ['連絡先 tanaka.hanako@example.co.jp まで', `連絡先 ${MASK} まで`],
    ['ｔａｎａｋａ＠ｅｘａｍｐｌｅ．ｃｏｍ', MASK],
    ['tanaka @ example.com', MASK],
    ['LINE ID: tanaka0101 です', `LINE ID: ${MASK} です`],
    ['ラインのIDは hanako です', `ラインのIDは ${MASK} です`],
    ['インスタ→hana_s', `インスタ→${MASK}`],
    ['インスタ hana_s にDMください', `インスタ ${MASK} にDMください`],
    ['@hanako_2026 にDMください', `${MASK} にDMください`],
    ['https://line.me/ti/p/abcdef を追加して', `${MASK} を追加して`],
    ['lin.ee/xyz123', MASK],
  ])('masks %s', (input, expected) => {
    expect(maskContactDetails(input)).toEqual({ text: expected, masked: true });
  });

  it.each([
    'よろしくお願いいたします。',
    '12月3日 14:00 はいかがでしょうか。',
    '2026-12-01 10:00 に渋谷駅でお会いしましょう。',
    'オンラインでお願いします（Zoomを予定しています）。',
    'I would prefer an online meeting, or LINE and mail after acceptance.',
    '資料は https://example.com/guide にあります。',
    '年収は500万円から800万円くらいです。',
    'TOEIC 850点、GPA 3.5です。',
  ])('leaves %s as it is', (input) => {
    expect(maskContactDetails(input)).toEqual({ text: input, masked: false });
  });

  it('keeps the text around several masked details, in order', () => {
    expect(masked('メール a@b.jp と電話 080-1111-2222 を送ります')).toBe(
      `メール ${MASK} と電話 ${MASK} を送ります`,
    );
  });
});
