import { z } from 'zod';
import { japanWallClock, type MeetingFormat, type PlaceKind } from '../constants';
import { oneLineText } from './common';
import { VALIDATION } from '../messages/validation-keys';
import type { ErrorCode } from '../errors';

/**
 * An alumna's employer's rules for OB・OG訪問 (issue 54, point 9; the 2026 rule on 就活ハラスメント asks
 * employers for contact rules set in advance and a consultation desk). She records them once on her
 * profile; her slots, acceptances and proposals keep them, and students read them on her page and
 * on their request. One source for the server's checks and the forms' live hints.
 */
export const EMPLOYER_DESK_NAME_MAX_LENGTH = 60;
export const EMPLOYER_DESK_CONTACT_MAX_LENGTH = 200;

/** "HH:MM" on the half hour, Japan time: a visit must end by then. */
const LATEST_END_PATTERN = /^(0[8-9]|1\d|2[01]):(00|30)$/;

export const employerRulesSchema = z
  .object({
    /** Visits online only. */
    onlineOnly: z.boolean(),
    /** In-person visits only on the employer's premises (place kind 'office'); online is allowed. */
    premisesOnly: z.boolean(),
    /** A visit ends by this time ("HH:MM"), or null: the site's own meeting hours only. */
    latestEnd: z.string().regex(LATEST_END_PATTERN, { error: VALIDATION.invalid }).nullable(),
    /** No alcohol (the site refuses bars and 居酒屋 for everyone; this says her employer forbids it too). */
    noAlcohol: z.boolean(),
    /** Her employer's consultation desk for OB・OG訪問, when it has one: its name… */
    deskName: oneLineText()
      .trim()
      .max(EMPLOYER_DESK_NAME_MAX_LENGTH, VALIDATION.textTooLong)
      .nullable(),
    /** …and how to reach it (a phone number, a URL or an address, as the employer publishes it). */
    deskContact: oneLineText()
      .trim()
      .max(EMPLOYER_DESK_CONTACT_MAX_LENGTH, VALIDATION.textTooLong)
      .nullable(),
  })
  .refine((rules) => !(rules.onlineOnly && rules.premisesOnly), {
    error: VALIDATION.invalid,
    path: ['premisesOnly'],
  });
export type EmployerRules = z.infer<typeof employerRulesSchema>;

/**
 * The rules as stored: an empty desk field is no desk (null), so that a cleared field does not
 * count as a desk recorded. (A lone surrogate never reaches here: every JSON body is read
 * well-formed, src/server/http/well-formed-json.ts.)
 */
export function normalisedEmployerRules(rules: EmployerRules): EmployerRules {
  return { ...rules, deskName: rules.deskName || null, deskContact: rules.deskContact || null };
}

/** What an alumna who recorded nothing has: no rule beyond the site's own. */
export const NO_EMPLOYER_RULES: EmployerRules = {
  onlineOnly: false,
  premisesOnly: false,
  latestEnd: null,
  noAlcohol: false,
  deskName: null,
  deskContact: null,
};

/** Her rules as her profile's column holds them (null: none recorded). */
export function storedEmployerRules(stored: EmployerRules | null | undefined): EmployerRules {
  return stored ? { ...NO_EMPLOYER_RULES, ...stored } : NO_EMPLOYER_RULES;
}

/** A meeting's end in minutes after midnight of its day, Japan time (for `endMinutes` below). */
export function meetingEndMinutes(start: Date, durationMinutes: number): number {
  const shifted = japanWallClock(start);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes() + durationMinutes;
}

/** Whether any rule or desk is recorded (what decides whether a page shows the box at all). */
export function hasEmployerRules(rules: EmployerRules): boolean {
  return (
    rules.onlineOnly ||
    rules.premisesOnly ||
    rules.latestEnd !== null ||
    rules.noAlcohol ||
    rules.deskName !== null ||
    rules.deskContact !== null
  );
}

/** Why a meeting breaks her employer's rules, or null when it keeps them. */
export type EmployerRuleBreach = 'onlineOnly' | 'premisesOnly' | 'latestEnd';

/** The API's refusal of a meeting that breaks a rule (one code per rule, status 400). */
export const EMPLOYER_RULE_REFUSAL = {
  onlineOnly: 'visit/employer-rule-online-only',
  premisesOnly: 'visit/employer-rule-premises-only',
  latestEnd: 'visit/employer-rule-latest-end',
} as const satisfies Record<EmployerRuleBreach, ErrorCode>;

/**
 * Whether a meeting keeps the rules. `placeKind` is the in-person place's kind (null for online or
 * not yet known); `endMinutes` the meeting's end in minutes after midnight, Japan time.
 */
export function employerRuleBreach(
  rules: EmployerRules,
  meeting: { meetingFormat: MeetingFormat; placeKind: PlaceKind | null; endMinutes: number | null },
): EmployerRuleBreach | null {
  if (rules.onlineOnly && meeting.meetingFormat !== 'online') return 'onlineOnly';
  if (
    rules.premisesOnly &&
    meeting.meetingFormat !== 'online' &&
    meeting.placeKind !== null &&
    meeting.placeKind !== 'office'
  ) {
    return 'premisesOnly';
  }
  if (rules.latestEnd !== null && meeting.endMinutes !== null) {
    const [hours, minutes] = rules.latestEnd.split(':').map(Number);
    if (meeting.endMinutes > hours! * 60 + minutes!) return 'latestEnd';
  }
  return null;
}
