import { describe, expect, it } from 'vitest';
import {
  isJapaneseHoliday,
  openSlots,
  windowsCover,
  type AvailabilityRow,
  type BookingChoices,
} from './slots';

/**
 * The open-slot rule on its own (docs/PRODUCT.md §7, 予約枠): windows, days off, public
 * holidays, the meeting-hours rule, notice, reach and the buffer around agreed visits. Times are
 * written in Japan time and compared as instants, so the server's zone cannot matter.
 */

const at = (local: string) => new Date(`${local}:00+09:00`);
const starts = (slots: { start: Date }[]) =>
  slots.map((slot) =>
    new Date(slot.start.getTime() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' '),
  );

const CHOICES: BookingChoices = {
  slotMinutes: 60,
  noticeHours: 48,
  aheadDays: 30,
  bufferMinutes: 0,
  onHolidays: false,
};

function weekly(
  weekday: number,
  start: string,
  end: string,
  extra: Partial<AvailabilityRow> = {},
): AvailabilityRow {
  const minute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  return {
    kind: 'weekly',
    weekday,
    day: null,
    startMinute: minute(start),
    endMinute: minute(end),
    meetingFormat: 'online',
    placeKind: null,
    meetingPlace: null,
    ...extra,
  };
}

// Thursday 19 November 2026, 09:00 in Japan; Monday the 23rd is 勤労感謝の日.
const NOW = at('2026-11-19T09:00');

describe('open slots', () => {
  it('knows Japan’s public holidays, substitute holidays included', () => {
    expect(isJapaneseHoliday('2026-11-23')).toBe(true);
    expect(isJapaneseHoliday('2026-11-24')).toBe(false);
    // 2026-05-06: 振替休日 for Constitution Day on a Sunday.
    expect(isJapaneseHoliday('2026-05-06')).toBe(true);
  });

  it('offers nothing on a public holiday unless she allows it', () => {
    const rules = [weekly(1, '10:00', '12:00')];
    const closed = openSlots({ choices: CHOICES, rules, busy: [], now: NOW, days: 12 });
    expect(starts(closed)).toEqual(['2026-11-30 10:00', '2026-11-30 11:00']);
    const open = openSlots({
      choices: { ...CHOICES, onHolidays: true },
      rules,
      busy: [],
      now: NOW,
      days: 12,
    });
    expect(starts(open)).toEqual([
      '2026-11-23 10:00',
      '2026-11-23 11:00',
      '2026-11-30 10:00',
      '2026-11-30 11:00',
    ]);
  });

  it('takes a one-off date on a holiday as her own allowance', () => {
    const rules: AvailabilityRow[] = [
      { ...weekly(0, '13:00', '14:00'), kind: 'date', weekday: null, day: '2026-11-23' },
    ];
    expect(starts(openSlots({ choices: CHOICES, rules, busy: [], now: NOW }))).toEqual([
      '2026-11-23 13:00',
    ]);
  });

  it('keeps every slot starting by 20:00 and over by 21:00, whatever the window says', () => {
    const rules = [weekly(2, '18:00', '22:00')];
    const of = (slotMinutes: number) =>
      starts(
        openSlots({ choices: { ...CHOICES, slotMinutes }, rules, busy: [], now: NOW, days: 6 }),
      );
    expect(of(60)).toEqual(['2026-11-24 18:00', '2026-11-24 19:00', '2026-11-24 20:00']);
    expect(of(90)).toEqual(['2026-11-24 18:00', '2026-11-24 19:30']);
    expect(of(45)).toEqual(['2026-11-24 18:00', '2026-11-24 18:45', '2026-11-24 19:30']);
    // Nothing before 8:00 either.
    const early = [weekly(2, '06:00', '09:00')];
    expect(
      starts(openSlots({ choices: CHOICES, rules: early, busy: [], now: NOW, days: 6 })),
    ).toEqual(['2026-11-24 08:00']);
  });

  it('starts no sooner than her notice and no later than her reach', () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => weekly(day, '08:00', '10:00'));
    const slots = openSlots({
      choices: { ...CHOICES, aheadDays: 7 },
      rules: everyDay,
      busy: [],
      now: NOW,
    });
    // 48 hours from Thursday 09:00 is Saturday 09:00; 7 days reach Thursday the 26th 09:00.
    expect(starts(slots)[0]).toBe('2026-11-21 09:00');
    expect(starts(slots).at(-1)).toBe('2026-11-26 09:00');
    expect(slots.every((slot) => slot.start.getTime() >= NOW.getTime() + 48 * 3600_000)).toBe(true);
  });

  it('keeps her buffer clear around agreed visits and held slots', () => {
    const rules = [weekly(1, '10:00', '15:00')];
    const busy = [{ from: at('2026-11-30T12:00'), until: at('2026-11-30T13:00') }];
    const slots = openSlots({
      choices: { ...CHOICES, bufferMinutes: 30 },
      rules,
      busy,
      now: NOW,
      days: 12,
    });
    expect(starts(slots)).toEqual(['2026-11-30 10:00', '2026-11-30 14:00']);
    const noBuffer = openSlots({ choices: CHOICES, rules, busy, now: NOW, days: 12 });
    expect(starts(noBuffer)).toEqual([
      '2026-11-30 10:00',
      '2026-11-30 11:00',
      '2026-11-30 13:00',
      '2026-11-30 14:00',
    ]);
  });

  it('skips her days off and merges what two windows offer at one start', () => {
    const rules: AvailabilityRow[] = [
      weekly(1, '10:00', '11:00'),
      weekly(1, '10:00', '11:00', {
        meetingFormat: 'in_person',
        placeKind: 'public',
        meetingPlace: '丸の内のカフェ',
      }),
      {
        kind: 'day_off',
        weekday: null,
        day: '2026-11-30',
        startMinute: null,
        endMinute: null,
        meetingFormat: null,
        placeKind: null,
        meetingPlace: null,
      },
    ];
    const slots = openSlots({ choices: CHOICES, rules, busy: [], now: NOW, days: 20 });
    expect(starts(slots)).toEqual(['2026-12-07 10:00']);
    expect(slots[0]).toMatchObject({
      formats: ['in_person', 'online'],
      placeKind: 'public',
      meetingPlace: '丸の内のカフェ',
    });
  });

  it('stops at the limit asked for, earliest first across windows', () => {
    const rules = [weekly(3, '15:00', '17:00'), weekly(3, '09:00', '10:00')];
    const slots = openSlots({ choices: CHOICES, rules, busy: [], now: NOW, limit: 2 });
    expect(starts(slots)).toEqual(['2026-11-25 09:00', '2026-11-25 15:00']);
  });
});

describe('the visits her windows still cover', () => {
  const monday = [weekly(1, '10:00', '12:00')];
  const hour = (local: string) => [at(local), new Date(at(local).getTime() + 3600_000)] as const;

  it('covers a visit inside a window of its day, and not one that runs past it', () => {
    expect(windowsCover(CHOICES, monday, ...hour('2026-11-30T10:00'))).toBe(true);
    expect(windowsCover(CHOICES, monday, ...hour('2026-11-30T11:30'))).toBe(false);
    expect(windowsCover(CHOICES, monday, ...hour('2026-12-01T10:00'))).toBe(false);
    // Agreed from proposed times, without an end: a window its start falls in covers it.
    expect(windowsCover(CHOICES, monday, at('2026-11-30T11:30'), null)).toBe(true);
  });

  it('covers no visit on a public holiday she does not allow, as no slot is offered there', () => {
    // 勤労感謝の日, a Monday: her Monday window offers nothing, so covers nothing either.
    expect(windowsCover(CHOICES, monday, ...hour('2026-11-23T10:00'))).toBe(false);
    expect(
      windowsCover({ ...CHOICES, onHolidays: true }, monday, ...hour('2026-11-23T10:00')),
    ).toBe(true);
    // A one-off date on the holiday is her own allowance.
    const date: AvailabilityRow = { ...monday[0]!, kind: 'date', weekday: null, day: '2026-11-23' };
    expect(windowsCover(CHOICES, [date], ...hour('2026-11-23T10:00'))).toBe(true);
  });

  it('covers nothing on a day off', () => {
    const dayOff: AvailabilityRow = {
      ...monday[0]!,
      kind: 'day_off',
      weekday: null,
      day: '2026-11-30',
      startMinute: null,
      endMinute: null,
    };
    expect(windowsCover(CHOICES, [...monday, dayOff], ...hour('2026-11-30T10:00'))).toBe(false);
  });
});
