import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../shared/schemas/booking';
import { bookingBodyOf, formValuesOf, newWeeklyRule } from './booking-form-values';
import { bookingFieldOf } from './booking-settings-form';

const WINDOW = {
  start: '10:00',
  end: '12:00',
  meetingFormat: 'in_person',
  placeKind: 'office',
  meetingPlace: '',
} as const;

describe('the booking form’s values', () => {
  it('follows her last weekly window with the next day, Saturday with Sunday', () => {
    expect(newWeeklyRule([])).toMatchObject({ kind: 'weekly', weekday: 1, start: '10:00' });
    expect(
      newWeeklyRule([
        { kind: 'weekly', weekday: 6, ...WINDOW },
        { kind: 'day_off', day: '2030-12-24' },
      ]),
    ).toEqual({ kind: 'weekly', weekday: 0, ...WINDOW });
  });

  it('starts from the saved view, without past dates nor a place kind a window cannot hold', () => {
    const rule = {
      kind: 'date',
      weekday: null,
      day: '2030-12-20',
      ...WINDOW,
      placeKind: 'other',
      meetingPlace: null,
    } as const;
    const values = formValuesOf(
      {
        rules: [
          rule,
          { ...rule, day: '2030-12-01' },
          { ...rule, kind: 'day_off', day: '2030-11-30' },
        ],
      } as unknown as BookingView,
      '2030-12-01',
    );
    expect(values.rules).toEqual([
      { kind: 'date', day: '2030-12-20', ...WINDOW, placeKind: null },
      { kind: 'date', day: '2030-12-01', ...WINDOW, placeKind: null },
    ]);
  });

  it('sends the confirmation only when 自動で承諾 is being turned on, and no place online', () => {
    const values = {
      bookingEnabled: true,
      slotMinutes: 60,
      noticeHours: 48,
      aheadDays: 14,
      bufferMinutes: 0,
      onHolidays: false,
      autoAccept: true,
      rulesConfirmed: true,
      rules: [{ kind: 'weekly' as const, weekday: 1, ...WINDOW, meetingFormat: 'online' as const }],
    };
    expect(bookingBodyOf(values, false)).not.toHaveProperty('rulesConfirmed');
    expect(bookingBodyOf(values, true)).toMatchObject({ rulesConfirmed: true });
    expect(bookingBodyOf(values, true).rules).toEqual([
      { kind: 'weekly', weekday: 1, start: '10:00', end: '12:00', meetingFormat: 'online' },
    ]);
  });

  it("takes the server's fields as the form's own", () => {
    expect(bookingFieldOf('rules.3.end')).toBe('rules.3.end');
    expect(bookingFieldOf('rulesConfirmed')).toBe('rulesConfirmed');
    expect(bookingFieldOf('rules')).toBe('rules');
    expect(bookingFieldOf('rules.3')).toBe('rules');
    expect(bookingFieldOf('_')).toBeUndefined();
  });
});
