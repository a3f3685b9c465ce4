import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from './constants';
import { ja } from './messages/ja';
import { INDUSTRY_CATEGORIES } from './taxonomy';
import {
  INDUSTRY_READINGS,
  JOB_TYPE_WORDS,
  industryWordsRead,
  jobTypesRead,
} from './taxonomy-readings';

const HAN = /\p{Script=Han}/u;
const pieces = (name: string) => name.split(/[・（）、]|など/).filter((piece) => HAN.test(piece));

describe('the readings of industries and job types', () => {
  it('has a reading for every piece of an industry written with a kanji', () => {
    const names = INDUSTRY_CATEGORIES.flatMap((c) => [c.name, ...c.subcategories]);
    const missing = names.flatMap(pieces).filter((piece) => !(piece in INDUSTRY_READINGS));
    expect(missing).toEqual([]);
  });

  it('has every kanji piece of a job type’s label among its words', () => {
    for (const jobType of JOB_TYPES) {
      const label = ja.profileFields.jobTypes[jobType];
      for (const piece of pieces(label).filter((p) => p !== 'その他')) {
        expect(JOB_TYPE_WORDS[jobType]).toContain(piece);
      }
    }
  });

  it('reads a word typed in either kana into the industry words and job types', () => {
    expect(industryWordsRead('だいりてん')).toEqual(['総合広告代理店']);
    expect(industryWordsRead('ダイリテン')).toEqual(['総合広告代理店']);
    expect(industryWordsRead('しょうしゃ')).toEqual(['商社', '総合商社', '専門商社']);
    expect(jobTypesRead('えいぎょう')).toEqual(['sales']);
    expect(jobTypesRead('エイギョウ')).toEqual(['sales']);
    expect(jobTypesRead('営業')).toEqual(['sales']);
  });

  it('reads nothing into one kana', () => {
    expect(industryWordsRead('て')).toEqual([]);
    expect(jobTypesRead('え')).toEqual([]);
  });
});
