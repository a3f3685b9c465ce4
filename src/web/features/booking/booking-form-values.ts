import {
  tokyoToday,
  WINDOW_PLACE_KINDS,
  type AvailabilityRule,
  type AvailabilityRuleInput,
  type BookingSettingsForm,
  type BookingSettingsInput,
  type BookingView,
} from '../../../shared/schemas/booking';

/** The form's values: the settings as the API takes them, every window's place always present. */
export type BookingFormValues = BookingSettingsInput;
export type RuleValues = AvailabilityRuleInput;
type WindowPlaceKind = (typeof WINDOW_PLACE_KINDS)[number];

function windowPlaceKind(kind: string | null): WindowPlaceKind | null {
  return (WINDOW_PLACE_KINDS as readonly string[]).includes(kind ?? '')
    ? (kind as WindowPlaceKind)
    : null;
}

function ruleValuesOf(rule: BookingView['rules'][number]): RuleValues {
  if (rule.kind === 'day_off') return { kind: 'day_off', day: rule.day ?? '' };
  const meeting = {
    start: rule.start ?? '',
    end: rule.end ?? '',
    meetingFormat: rule.meetingFormat ?? 'online',
    placeKind: windowPlaceKind(rule.placeKind),
    meetingPlace: rule.meetingPlace ?? '',
  };
  return rule.kind === 'weekly'
    ? { kind: 'weekly', weekday: rule.weekday ?? 1, ...meeting }
    : { kind: 'date', day: rule.day ?? '', ...meeting };
}

/**
 * The saved view as the form starts from it. One-off dates and days off already past are left
 * out: they no longer do anything, and the server refuses a past date on saving.
 */
export function formValuesOf(view: BookingView, today = tokyoToday()): BookingFormValues {
  return {
    bookingEnabled: view.bookingEnabled,
    slotMinutes: view.slotMinutes,
    noticeHours: view.noticeHours,
    aheadDays: view.aheadDays,
    bufferMinutes: view.bufferMinutes,
    onHolidays: view.onHolidays,
    autoAccept: view.autoAccept,
    rulesConfirmed: false,
    rules: view.rules.filter((rule) => rule.day === null || rule.day >= today).map(ruleValuesOf),
  };
}

const FIRST_WINDOW = {
  start: '10:00',
  end: '12:00',
  meetingFormat: 'online',
  placeKind: null,
  meetingPlace: '',
} as const;

/**
 * A new weekly row: the day after her last weekly window, with its hours and place (Monday to
 * Friday alike takes a few clicks), or Monday 10:00–12:00 online for her first.
 */
export function newWeeklyRule(rules: readonly RuleValues[]): RuleValues {
  const last = rules.findLast((rule) => rule.kind === 'weekly');
  if (!last) return { kind: 'weekly', weekday: 1, ...FIRST_WINDOW };
  return { ...last, weekday: ((last.weekday ?? 0) + 1) % 7 };
}

export function newDateRule(): RuleValues {
  return { kind: 'date', day: '', ...FIRST_WINDOW };
}

export function newDayOff(): RuleValues {
  return { kind: 'day_off', day: '' };
}

function ruleBodyOf(rule: AvailabilityRule): AvailabilityRule {
  if (rule.kind === 'day_off') return rule;
  // An online window has no place; one left from before she chose online is not sent.
  if (rule.meetingFormat === 'online') {
    const { placeKind: _kind, meetingPlace: _place, ...online } = rule;
    return online;
  }
  return rule;
}

/**
 * What is sent: the checked values, the confirmation of the meeting rules only when 自動で承諾 is
 * being turned on (the server asks for it then and keeps it while it stays on).
 */
export function bookingBodyOf(
  values: BookingSettingsForm,
  turningOnAutoAccept: boolean,
): BookingSettingsForm {
  const { rulesConfirmed, rules, ...choices } = values;
  return {
    ...choices,
    ...(turningOnAutoAccept ? { rulesConfirmed: rulesConfirmed === true } : {}),
    rules: rules.map(ruleBodyOf),
  };
}
