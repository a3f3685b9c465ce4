import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage, setLanguage } from '../i18n';
import { formatMeetingTime } from './meeting-time';
import { formatDate } from './format';

/** 2026-11-23 14:05 in Japan. */
const INSTANT = '2026-11-23T05:05:00.000Z';

afterEach(async () => {
  await setLanguage('ja');
});

describe('dates in the reader’s language', () => {
  it('are Japanese by default', () => {
    expect(formatMeetingTime(INSTANT)).toMatch(/^2026年11月23日\(月\) 14:05$/);
    expect(formatDate(INSTANT)).toMatch(/^2026\/11\/23 \d{2}:05$/);
  });

  it('are English in English mode, meeting times still in Japan time', async () => {
    await loadLanguage('en');
    await setLanguage('en');
    expect(formatMeetingTime(INSTANT)).toBe('Mon, November 23, 2026 at 02:05 PM');
    expect(formatDate(INSTANT)).toMatch(/^Nov 23, 2026, \d{2}:05 (AM|PM)$/);
    expect(formatDate(INSTANT)).not.toMatch(/[年月日]/);
  });
});
