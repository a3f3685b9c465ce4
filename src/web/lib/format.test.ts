import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage, setLanguage } from '../i18n';
import { formatMeetingTime, formatSlotStart, tokyoDayOf, tokyoTimeOf } from './meeting-time';
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

describe('open slots, short, in Japan time whatever the browser’s zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('says 「12/3(木) 10:00」, and the same on the day summer time ends in New York', async () => {
    process.env.TZ = 'America/New_York';
    expect(formatSlotStart('2026-12-03T01:00:00.000Z')).toBe('12/3(木) 10:00');
    // 1 November 2026: New York's clocks go back at 2:00; Japan keeps its time.
    expect(formatSlotStart('2026-11-01T06:30:00.000Z')).toBe('11/1(日) 15:30');
    expect(tokyoDayOf('2026-11-01T15:30:00.000Z')).toBe('2026-11-02');
    expect(tokyoTimeOf('2026-11-01T15:30:00.000Z')).toBe('00:30');
    await loadLanguage('en');
    await setLanguage('en');
    expect(formatSlotStart('2026-11-01T06:30:00.000Z')).toBe('Sun 11/1 15:30');
  });
});
