import { describe, expect, it } from 'vitest';
import { MASK, maskContactDetails, maskContactDetailsAcross } from './contact-masking';
import {
  EVASIONS,
  ISSUE_EVASIONS,
  ORDINARY_MESSAGES,
  REVIEW_4_EVASIONS,
} from './contact-masking.test-corpus';

const masked = (text: string) => maskContactDetails(text).text;

describe('maskContactDetails', () => {
  it.each([
    ['電話は090-1234-5678です', `電話は${MASK}です`],
    ['電話は０９０ー１２３４ー５６７８です', `電話は${MASK}です`],
    ['09012345678 にお願いします', `${MASK} にお願いします`],
    ['03 (1234) 5678', MASK],
    ['+81 90 1234 5678', MASK],
    // Separators of several kinds, much whitespace, emoji or a letter between the groups.
    ['090-1234/5678 まで', `${MASK} まで`],
    ['090.1234-5678', MASK],
    ['090-1234ー5678', MASK],
    ['電話は090    1234    5678です', `電話は${MASK}です`],
    ['電話は090🍎1234🍎5678です', `電話は${MASK}です`],
    ['090★1234★5678', MASK],
    ['090x1234x5678', MASK],
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
    // Any link before acceptance: a link is a way to move the conversation off the site.
    ['資料は https://example.com/guide にあります。', `資料は ${MASK} にあります。`],
  ])('masks %s', (input, expected) => {
    expect(maskContactDetails(input)).toEqual({ text: expected, masked: true });
  });

  it.each([
    'よろしくお願いいたします。',
    '12月3日 14:00 はいかがでしょうか。',
    '2026-12-01 10:00 に渋谷駅でお会いしましょう。',
    'オンラインでお願いします（Zoomを予定しています）。',
    'I would prefer an online meeting, or LINE and mail after acceptance.',
    '年収は500万円から800万円くらいです。',
    'TOEIC 850点、GPA 3.5です。',
    '12/3 14:00-15:00、12/4 10:00-11:00でいかがでしょうか。',
    '8/1、8/2、8/3、8/4、8/5、8/6のいずれかでお願いします。',
    '手土産は3,000円〜5,000円くらいを考えています。',
  ])('leaves %s as it is', (input) => {
    expect(maskContactDetails(input)).toEqual({ text: input, masked: false });
  });

  it('keeps the text around several masked details, in order', () => {
    expect(masked('メール a@b.jp と電話 080-1111-2222 を送ります')).toBe(
      `メール ${MASK} と電話 ${MASK} を送ります`,
    );
  });

  it.each(ISSUE_EVASIONS)('masks issue 32’s evasion %s', (input) => {
    expect(maskContactDetails(input).masked).toBe(true);
  });

  it.each(REVIEW_4_EVASIONS)('masks issue 54’s variant %s', (input) => {
    expect(maskContactDetails(input).masked).toBe(true);
  });

  // What each of issue 54's families masks: the contact, not the words around it.
  it.each([
    ['090 と 1234 と 5678 です', `${MASK} です`],
    ['前半は090-12 後半は34-5678', `前半は${MASK} 後半は${MASK}`],
    ['8765-4321-090 (逆から)', `${MASK} (逆から)`],
    ['メールは tanaka at gmail で', `メールは ${MASK} で`],
    ['gmail.comのtanaka0101', MASK],
    ['インスタ hanahana', `インスタ ${MASK}`],
    ['カカオ hanahana です', `カカオ ${MASK} です`],
    ['電話は zero nine zero one two three four five six seven eight まで', `電話は ${MASK} まで`],
    ['tanaka(アット)gmail.com に', `${MASK} に`],
    ['t a n a k a @ g m a i l です', `${MASK} です`],
    ['skype live:tanaka_h です', `skype ${MASK} です`],
    ['インスタでhanahana_0101って検索して', `インスタで${MASK}って検索して`],
    ['ラインidは、hana0101', `ラインidは、${MASK}`],
    ['IDです→hana0101', `IDです→${MASK}`],
    ['KakaoTalk ID hanahana', `KakaoTalk ID ${MASK}`],
  ])('masks %s as %s', (input, expected) => {
    expect(maskContactDetails(input)).toEqual({ text: expected, masked: true });
  });

  // It runs on every keystroke of a form: a text at the longest any form takes (a note's 3,000
  // characters), of the shapes that make the detectors work hardest, is masked well within a frame
  // (about 2 ms each here; CPU time, so that other work on the machine does not count).
  it.each([
    ['the corpus', [...ORDINARY_MESSAGES, ...EVASIONS].join('\n')],
    ['digits and spaces', '0 '.repeat(1500)],
    ['spaced-out letters', 'a '.repeat(1500)],
    ['"at" words', 'tanaka at '.repeat(300)],
    ['network names', 'インスタ '.repeat(600)],
    ['number words', 'zero nine '.repeat(300)],
    ['particles between digits', '090と'.repeat(750)],
  ])('masks 3,000 characters of %s quickly', (_, long) => {
    const text = long.slice(0, 3000);
    maskContactDetails(text);
    const start = process.cpuUsage();
    for (let i = 0; i < 10; i++) maskContactDetails(text);
    const { user, system } = process.cpuUsage(start);
    expect((user + system) / 1000 / 10).toBeLessThan(25);
  });

  it('masks at least 95% of the evasions', () => {
    expect(EVASIONS.length).toBeGreaterThanOrEqual(60);
    const missed = EVASIONS.filter((input) => !maskContactDetails(input).masked);
    expect(missed.length / EVASIONS.length, `missed:\n${missed.join('\n')}`).toBeLessThanOrEqual(
      0.05,
    );
  });

  it('leaves every ordinary message as it is', () => {
    expect(ORDINARY_MESSAGES.length).toBeGreaterThanOrEqual(60);
    const changed = ORDINARY_MESSAGES.filter((input) => maskContactDetails(input).masked);
    expect(changed).toEqual([]);
  });

  it('keeps every evasion’s text outside its masks as typed, in order', () => {
    for (const input of EVASIONS) {
      let at = 0;
      for (const kept of masked(input).split(MASK)) {
        const found = input.indexOf(kept, at);
        expect({ input, kept, found: found >= 0 }).toEqual({ input, kept, found: true });
        at = found + kept.length;
      }
    }
  });

  // The mask covers exactly the original characters of the contact, however many the folded
  // copy made of them (㈱ → (株), ⑩ → 10, 𝟐 is two UTF-16 units, ﾊﾞ one folded character, an
  // invisible one none): what is before and after stays as typed, invisible characters included.
  it.each([
    ['㈱ABCの⑩期生、ﾊﾞｲﾄ歴𝟐年です。電話は', '090\u200b1234\u200b5678', '（平日のみ）'],
    ['メール: ', 'ｔａｎａｋａ（ａｔ）ｇｍａｉｌ。ｃｏｍ', ' までお願いします😊'],
    ['ﾗｲﾝ: ', 'ｈａｎａ\u200b_01', '\u200b です'],
    ['先に\u200b', '⓪⑨⓪-①②③④-⑤⑥⑦⑧', 'へ'],
    ['👍 ', 'https://example.com/a?b=1', '。よろしくお願いします'],
    ['LІNEのIDは', 'hanа0101', 'です'],
    [
      '〇〇大学の山田です。',
      'ゼロキュウゼロ・イチニサンヨン・ゴロクナナハチ',
      'にお電話ください。',
    ],
    ['（', 'line\u200b.me/ti/p/abc', '）から追加してください'],
  ])('keeps %s…%s…%s around the mask', (before, contact, after) => {
    expect(masked(before + contact + after)).toBe(before + MASK + after);
  });
});

describe('maskContactDetailsAcross', () => {
  it('masks texts read one after the other as one: a contact split between two in both', () => {
    expect(
      maskContactDetailsAcross([
        '連絡先は？ ラインIDは',
        'hana0101 です',
        '電話は 090-1234-5678 まで',
      ]),
    ).toEqual({
      texts: ['連絡先は？ ラインIDは', `${MASK} です`, `電話は ${MASK} まで`],
      masked: true,
    });
    expect(maskContactDetailsAcross(['普段のSNSは インスタ', 'hanahana'])).toEqual({
      texts: ['普段のSNSは インスタ', MASK],
      masked: true,
    });
    // A number whose groups stand in two texts is masked in each.
    expect(maskContactDetailsAcross(['電話は 090-1234', '5678 です']).texts).toEqual([
      `電話は ${MASK}`,
      `${MASK} です`,
    ]);
  });

  it('leaves texts without a contact as they are, and says so', () => {
    const texts = ['入社の決め手は？', '人の温かさです。', '10時から12時まで伺いました。'];
    expect(maskContactDetailsAcross(texts)).toEqual({ texts, masked: false });
  });
});
