import type { z } from 'zod';
import {
  japanWallClock,
  PLACE_KINDS,
  VISIT_DURATION_MINUTES,
  type PlaceKind,
} from '../../../shared/constants';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import {
  employerRuleBreach,
  type EmployerRuleBreach,
  type EmployerRules,
} from '../../../shared/schemas/employer-rules';

/**
 * Her employer's rules (issue 54, point 9) as the forms where she commits to a visit apply them:
 * which choices to offer, and the times and places that would break them (employerRuleBreach,
 * the server's own check, decides each). Here, not in features/employer-rules, because it needs
 * the shared schema's module and with it zod, which the OG list's chunk leaves out.
 */

/** Whether a kind of place breaks the rules (online is never in person; the time is not asked). */
export function placeKindBreach(
  rules: EmployerRules | null | undefined,
  kind: PlaceKind,
): EmployerRuleBreach | null {
  if (!rules) return null;
  return employerRuleBreach(rules, {
    meetingFormat: kind === 'online' ? 'online' : 'in_person',
    placeKind: kind === 'online' ? null : kind,
    endMinutes: null,
  });
}

/** Minutes after midnight, Japan time, of an instant. */
function tokyoMinutesOf(iso: string): number {
  const wall = japanWallClock(iso);
  return wall.getUTCHours() * 60 + wall.getUTCMinutes();
}

/**
 * Whether a meeting starting at `start` ends after her latest end: it lasts until `end` when
 * known (a booked slot), else VISIT_DURATION_MINUTES (a requested or proposed time).
 */
export function endsTooLate(
  rules: EmployerRules | null | undefined,
  start: string,
  end?: string | null,
): boolean {
  if (!rules || rules.latestEnd === null) return false;
  const startMinutes = tokyoMinutesOf(start);
  const endMinutes = end
    ? startMinutes + Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000)
    : startMinutes + VISIT_DURATION_MINUTES;
  return (
    employerRuleBreach(rules, { meetingFormat: 'online', placeKind: null, endMinutes }) ===
    'latestEnd'
  );
}

/** "HH:MM" → minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Why a window of 予約枠 breaks her employer's rules: 'either' is checked as the in-person it
 * allows.
 */
export function windowBreach(
  employerRules: EmployerRules,
  window: { meetingFormat: string; placeKind?: string | null; end: string },
): EmployerRuleBreach | null {
  return employerRuleBreach(employerRules, {
    meetingFormat: window.meetingFormat === 'online' ? 'online' : 'in_person',
    placeKind:
      window.meetingFormat === 'online' ? null : ((window.placeKind ?? null) as PlaceKind | null),
    endMinutes: /^\d{2}:\d{2}$/.test(window.end) ? minutesOf(window.end) : null,
  });
}

/**
 * Whether a time typed in a date-time field ("YYYY-MM-DDTHH:MM", Japan time, as the forms send
 * it) would end after her latest end, lasting VISIT_DURATION_MINUTES.
 */
export function typedTimeEndsTooLate(
  rules: EmployerRules | null | undefined,
  local: string,
): boolean {
  if (!rules || rules.latestEnd === null || !/T\d{2}:\d{2}/.test(local)) return false;
  const endMinutes = minutesOf(local.slice(11, 16)) + VISIT_DURATION_MINUTES;
  return (
    employerRuleBreach(rules, { meetingFormat: 'online', placeKind: null, endMinutes }) ===
    'latestEnd'
  );
}

/**
 * Her rules checked on a form where she commits to a visit (accepting, proposing): the kind of
 * place, and each typed time's end, each under its own field. The server checks the same and
 * refuses with visit/employer-rule-*; this says it before she sends.
 */
export function checkEmployerRules(
  rules: EmployerRules | null | undefined,
  value: {
    placeKind?: string | null | undefined;
    /** The typed times: the form's rows, or the list its rows became. */
    proposedTimes?: readonly (string | { value: string })[];
  },
  context: z.RefinementCtx,
): void {
  if (!rules) return;
  const kind = value.placeKind;
  if (kind && (PLACE_KINDS as readonly string[]).includes(kind)) {
    const breach = placeKindBreach(rules, kind as PlaceKind);
    if (breach) {
      context.addIssue({ code: 'custom', path: ['placeKind'], message: VALIDATION.employerRule });
    }
  }
  value.proposedTimes?.forEach((row, i) => {
    const typed = typeof row === 'string' ? row : row.value;
    if (typedTimeEndsTooLate(rules, typed.trim())) {
      context.addIssue({
        code: 'custom',
        path: ['proposedTimes', i, 'value'],
        message: VALIDATION.employerRule,
      });
    }
  });
}
