import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { formatSlotStart } from './meeting-time';

const INTL = {
  ja: new Intl.DateTimeFormat('ja-JP', slotOptions()),
  en: new Intl.DateTimeFormat('en-US', slotOptions()),
};

function slotOptions(): Intl.DateTimeFormatOptions {
  return {
    timeZone: 'Asia/Tokyo',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
}

/** What Intl says of the same instant in Japan time, put together as the slot shows it. */
function intlSlot(iso: string, language: 'ja' | 'en'): string {
  const parts = Object.fromEntries(
    INTL[language].formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return language === 'en'
    ? `${parts.weekday} ${parts.month}/${parts.day} ${time}`
    : `${parts.month}/${parts.day}(${parts.weekday}) ${time}`;
}

// Every half hour of two years from an instant that is late evening UTC (early morning in
// Japan): month ends, year ends, a leap day and both sides of midnight in each time zone.
const INSTANTS = Array.from({ length: 2 * 366 * 48 }, (_, i) =>
  new Date(
    Date.UTC(2027, 0, 1, 14, 30) + i * 30 * 60 * 1000 - 400 * 24 * 60 * 60 * 1000,
  ).toISOString(),
);

describe('formatSlotStart', () => {
  afterEach(async () => {
    await i18n.changeLanguage('ja');
  });

  it('says a slot as Intl does in Japan time, in Japanese', async () => {
    await i18n.changeLanguage('ja');
    expect(formatSlotStart('2026-12-03T01:00:00.000Z')).toBe('12/3(木) 10:00');
    expect(formatSlotStart('2026-12-31T15:30:00.000Z')).toBe('1/1(金) 00:30');
    const differing = INSTANTS.filter((iso) => formatSlotStart(iso) !== intlSlot(iso, 'ja'));
    expect(differing).toEqual([]);
  });

  it('says a slot as Intl does in Japan time, in English', async () => {
    await i18n.changeLanguage('en');
    expect(formatSlotStart('2026-12-03T01:00:00.000Z')).toBe('Thu 12/3 10:00');
    const differing = INSTANTS.filter((iso) => formatSlotStart(iso) !== intlSlot(iso, 'en'));
    expect(differing).toEqual([]);
  });
});
