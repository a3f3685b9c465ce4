import { describe, expect, it } from 'vitest';
import { JAPAN_TIME_ZONE, JAPAN_UTC_OFFSET_MS, japanWallClock } from './constants';

/**
 * Japan's offset, written once (constants.ts; scripts/japan-offset.test.ts holds every other
 * file of src/ to reading it from there, decision 0035).
 */

describe("Japan's offset", () => {
  it('reads the wall clock in Japan, whatever the zone of the machine', () => {
    const instant = new Date('2026-12-31T15:30:00Z');
    expect(japanWallClock(instant).toISOString()).toBe('2027-01-01T00:30:00.000Z');
    expect(japanWallClock(instant.getTime()).getUTCHours()).toBe(0);
    expect(japanWallClock(instant.toISOString()).getUTCDate()).toBe(1);
    // The offset and the zone name the same clock.
    const hour = new Intl.DateTimeFormat('en-GB', {
      timeZone: JAPAN_TIME_ZONE,
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(instant);
    expect(Number(hour)).toBe(japanWallClock(instant).getUTCHours());
    expect(JAPAN_UTC_OFFSET_MS).toBe(9 * 3_600_000);
  });
});
