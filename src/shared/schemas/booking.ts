import { z } from 'zod';
import {
  AVAILABILITY_RULES_MAX,
  BOOKING_AHEAD_DAYS,
  BOOKING_BUFFER_MINUTES,
  BOOKING_NOTICE_HOURS,
  japanWallClock,
  MEETING_FORMATS,
  MEETING_PLACE_MAX_LENGTH,
  PLACE_KINDS,
  SLOT_MINUTES,
  type PlaceKind,
  VISIT_EARLIEST_START_HOUR,
  VISIT_LATEST_END_HOUR,
  VISIT_PURPOSES,
  VISIT_MESSAGE_MAX_LENGTH,
  WINDOW_FORMATS,
} from '../constants';
import { VALIDATION } from '../messages/validation-keys';
import { multiLineText } from './common';
import { agendaSchema, placeText } from './visit-requests';

/**
 * 予約枠 (docs/PRODUCT.md §7): when an alumna can meet, as she enters it, and the slots the site
 * offers from it. Times of day are "HH:mm", dates "YYYY-MM-DD", both Japan time; a slot is
 * sent as its instants (ISO), which the browser shows in Japan time whatever its own zone.
 */

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes since midnight of "HH:mm", or undefined. */
export function minuteOfDay(time: string): number | undefined {
  const match = TIME_OF_DAY.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** "HH:mm" of minutes since midnight. */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether "YYYY-MM-DD" names a real calendar date. */
export function isCalendarDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, date));
  return (
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === date
  );
}

/** Today in Japan, "YYYY-MM-DD". */
export function tokyoToday(now = new Date()): string {
  return japanWallClock(now).toISOString().slice(0, 10);
}

const timeField = z
  .string({ error: VALIDATION.windowTimeInvalid })
  .trim()
  .regex(TIME_OF_DAY, VALIDATION.windowTimeInvalid);
const dayField = z
  .string({ error: VALIDATION.windowDayInvalid })
  .trim()
  .refine(isCalendarDay, VALIDATION.windowDayInvalid)
  .refine((day) => day >= tokyoToday(), VALIDATION.windowDayPast);

/**
 * Where an in-person visit in a window is held: the acceptance's kinds but online and 'other'
 * (whose short description belongs to one visit, not to every visit of a window).
 */
export const WINDOW_PLACE_KINDS = [
  'office',
  'public',
  'university',
] as const satisfies readonly PlaceKind[];

const hoursOf = <T extends { start: string; end: string }>(window: T, context: z.RefinementCtx) => {
  const start = minuteOfDay(window.start)!;
  const end = minuteOfDay(window.end)!;
  if (start < VISIT_EARLIEST_START_HOUR * 60 || end > VISIT_LATEST_END_HOUR * 60 || end <= start) {
    context.addIssue({ code: 'custom', message: VALIDATION.windowHours, path: ['end'] });
  }
};

const meetingPart = {
  start: timeField,
  end: timeField,
  meetingFormat: z.enum(WINDOW_FORMATS, { error: VALIDATION.invalidChoice }),
  /** The kind of place for an in-person visit; needed unless the window is online only. */
  placeKind: z
    .enum(WINDOW_PLACE_KINDS, { error: VALIDATION.windowPlaceKindRequired })
    .nullable()
    .optional(),
  meetingPlace: placeText(MEETING_PLACE_MAX_LENGTH, VALIDATION.meetingPlaceTooLong).optional(),
};

const placeNeeded = (
  window: { meetingFormat: string; placeKind?: string | null },
  context: z.RefinementCtx,
) => {
  if (window.meetingFormat !== 'online' && !window.placeKind) {
    context.addIssue({
      code: 'custom',
      message: VALIDATION.windowPlaceKindRequired,
      path: ['placeKind'],
    });
  }
};

export const availabilityRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('weekly'),
        weekday: z.number({ error: VALIDATION.windowWeekdayRequired }).int().min(0).max(6),
        ...meetingPart,
      })
      .superRefine(hoursOf)
      .superRefine(placeNeeded),
    z
      .object({ kind: z.literal('date'), day: dayField, ...meetingPart })
      .superRefine(hoursOf)
      .superRefine(placeNeeded),
    z.object({ kind: z.literal('day_off'), day: dayField }),
  ],
  { error: VALIDATION.invalidChoice },
);
export type AvailabilityRuleInput = z.input<typeof availabilityRuleSchema>;
export type AvailabilityRule = z.output<typeof availabilityRuleSchema>;

const choiceOf = <T extends readonly number[]>(choices: T) =>
  z
    .number({ error: VALIDATION.invalidChoice })
    .int()
    .refine((value) => (choices as readonly number[]).includes(value), VALIDATION.invalidChoice);

/** What an alumna saves on 予約枠の設定: her choices and her windows, all at once. */
export const bookingSettingsSchema = z
  .object({
    bookingEnabled: z.boolean({ error: VALIDATION.invalidChoice }),
    slotMinutes: choiceOf(SLOT_MINUTES),
    noticeHours: choiceOf(BOOKING_NOTICE_HOURS),
    aheadDays: choiceOf(BOOKING_AHEAD_DAYS),
    bufferMinutes: choiceOf(BOOKING_BUFFER_MINUTES),
    onHolidays: z.boolean({ error: VALIDATION.invalidChoice }),
    autoAccept: z.boolean({ error: VALIDATION.invalidChoice }),
    /** The meeting rules confirmed: required to turn 自動で承諾 on (it stands for each visit). */
    rulesConfirmed: z.boolean().optional(),
    rules: z.array(availabilityRuleSchema).max(AVAILABILITY_RULES_MAX, VALIDATION.windowsTooMany),
  })
  .strict();
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;
export type BookingSettingsForm = z.output<typeof bookingSettingsSchema>;

/** An open slot: its start and end, and the formats the student may choose. */
export const openSlotSchema = z.object({
  start: z.string(),
  end: z.string(),
  formats: z.array(z.enum(MEETING_FORMATS)),
  /**
   * Where an in-person visit in it is held, as her window names it (its kind, and her words:
   * 「新宿駅周辺のカフェ」): shown on the slot's button and the booking form, and kept with the
   * booking. Absent or null for an online-only slot or a window that names none.
   */
  placeKind: z.enum(PLACE_KINDS).nullable().optional(),
  meetingPlace: z.string().nullable().optional(),
});
export type OpenSlot = z.infer<typeof openSlotSchema>;

/** An agreed (or held) visit that her windows no longer cover: listed to her, never cancelled. */
export const bookingMisfitSchema = z.object({
  id: z.string(),
  meetingAt: z.string(),
  status: z.enum(['pending', 'accepted']),
  studentName: z.string(),
});
export type BookingMisfit = z.infer<typeof bookingMisfitSchema>;

export const bookingViewSchema = z.object({
  bookingEnabled: z.boolean(),
  slotMinutes: z.number().int(),
  noticeHours: z.number().int(),
  aheadDays: z.number().int(),
  bufferMinutes: z.number().int(),
  onHolidays: z.boolean(),
  autoAccept: z.boolean(),
  rules: z.array(
    z.object({
      kind: z.enum(['weekly', 'date', 'day_off']),
      weekday: z.number().int().nullable(),
      day: z.string().nullable(),
      start: z.string().nullable(),
      end: z.string().nullable(),
      meetingFormat: z.enum(WINDOW_FORMATS).nullable(),
      placeKind: z.enum(PLACE_KINDS).nullable(),
      meetingPlace: z.string().nullable(),
    }),
  ),
  /** Her open slots over the next SLOT_SOON_DAYS days, as students would see them now. */
  preview: z.array(openSlotSchema),
  /** Why students see no slot now, when that is not her windows: paused, or the month is full. */
  previewBlockedBy: z.enum(['off', 'paused', 'monthly-limit']).nullable(),
  misfits: z.array(bookingMisfitSchema),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/** A student's open slots of one alumna (none when she cannot be asked now). */
export const mentorSlotsSchema = z.object({ slots: z.array(openSlotSchema) });
export type MentorSlots = z.infer<typeof mentorSlotsSchema>;

/** A student books one of the open slots: the request, in one step. */
export const bookingFormSchema = z.object({
  mentorUrlParam: z.string().trim().min(1).max(100),
  slotStart: z.iso.datetime({ offset: true, error: VALIDATION.slotRequired }),
  meetingFormat: z.enum(MEETING_FORMATS, { error: VALIDATION.meetingFormatRequired }),
  purpose: z.enum(VISIT_PURPOSES, { error: VALIDATION.visitPurposeRequired }),
  message: multiLineText(VALIDATION.visitMessageRequired)
    .trim()
    .min(1, VALIDATION.visitMessageRequired)
    .max(VISIT_MESSAGE_MAX_LENGTH, VALIDATION.visitMessageTooLong),
  ...agendaSchema,
  safetyRulesConfirmed: z.literal(true, { error: VALIDATION.safetyRulesRequired }),
  /** She read the warning of another visit at the same hour (visit/same-hour) and books anyway. */
  sameHourConfirmed: z.literal(true).optional(),
  /** The introduction (紹介) she asks from, opted in to by the alumna (decision 0044). */
  introductionId: z.uuid().optional(),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingForm = z.output<typeof bookingFormSchema>;
