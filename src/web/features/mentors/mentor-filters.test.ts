import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../i18n';
import { FILTER_KEYS } from './list-address';
import { FILTER_FIELDS } from './mentor-filters';

describe("the OG list's filter table", () => {
  afterEach(() => setLanguage('ja'));

  it('describes every condition the address holds once, beside the keyword box', () => {
    const described = FILTER_FIELDS.map((field) => field.key);
    expect(new Set(described).size).toBe(described.length);
    expect([...described].sort()).toEqual(FILTER_KEYS.filter((key) => key !== 'q').sort());
  });

  it('names each condition in Japanese and in English', async () => {
    for (const language of ['ja', 'en'] as const) {
      await setLanguage(language);
      for (const field of FILTER_FIELDS) {
        expect(i18n.exists(field.labelKey), `${language}: ${field.labelKey}`).toBe(true);
      }
    }
  });
});
