import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/messages/en';
import { ja } from '../../../shared/messages/ja';

/**
 * The 訪問記録 keyword box at 375 px (issue 56): measured in Chromium, its text area is 186 px
 * wide beside 「検索」 and 164 px beside "Search" at 16 px; 「会社名・キーワード」 takes 144 px and
 * the old "Company, industry or any word" 233 px, cut off. A test without layout keeps the words
 * within what fits: a Japanese character is one em (16 px), a Latin letter at most 0.55 em
 * (8.8 px, the widest of the words measured).
 */
const BOX_AT_375 = { ja: 186, en: 164 };
const WIDTH = { ja: 16, en: 8.8 };

describe('the 訪問記録 keyword placeholder', () => {
  it('fits its box on a 375 px phone in both languages', () => {
    expect([...ja.noteSearch.keywordPlaceholder].length * WIDTH.ja).toBeLessThanOrEqual(
      BOX_AT_375.ja,
    );
    expect([...en.noteSearch.keywordPlaceholder].length * WIDTH.en).toBeLessThanOrEqual(
      BOX_AT_375.en,
    );
  });
});
