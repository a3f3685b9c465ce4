import type { z } from 'zod';
import {
  JAPAN_UTC_OFFSET_MS,
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
import { toHalfWidth } from '../../../shared/half-width';

/**
 * Her employer's rules as the forms apply them: which choices to offer, and the times and
 * places that would break them (employerRuleBreach, the server's own check, decides each).
 */

/**
 * The end times she may choose, on the half hour: 9:00 (an hour from the site's earliest start)
 * to 20:30 (21:00 is the site's own rule, 指定なし).
 */
export const LATEST_END_CHOICES: readonly string[] = Array.from({ length: 24 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

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
  const wall = new Date(new Date(iso).getTime() + JAPAN_UTC_OFFSET_MS);
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
 * Where a desk's contact leads: an http(s) address as a link, an e-mail address as mailto:, a
 * phone number as tel: (its digits and a leading +); anything else is shown as text, never as
 * a link (a desk's contact is hers to type: no other scheme may become one).
 */
export function contactHref(contact: string): string | null {
  const text = contact.trim();
  if (/^https?:\/\/\S+$/i.test(text)) {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
    } catch {
      return null;
    }
  }
  if (/^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/.test(text)) return `mailto:${text}`;
  const dialled = toHalfWidth(text).replace(/[\s()\-‐－―ー]/g, '');
  if (/^\+?\d{6,15}$/.test(dialled)) return `tel:${dialled}`;
  return null;
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

/** The field message for a kind of place her rules forbid. */
export const BREACH_MESSAGE = {
  onlineOnly: VALIDATION.employerOnlineOnly,
  premisesOnly: VALIDATION.employerPremisesOnly,
  latestEnd: VALIDATION.employerLatestEnd,
} as const;

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
      context.addIssue({ code: 'custom', path: ['placeKind'], message: BREACH_MESSAGE[breach] });
    }
  }
  value.proposedTimes?.forEach((row, i) => {
    const typed = typeof row === 'string' ? row : row.value;
    if (typedTimeEndsTooLate(rules, typed.trim())) {
      context.addIssue({
        code: 'custom',
        path: ['proposedTimes', i, 'value'],
        message: VALIDATION.employerLatestEnd,
      });
    }
  });
}
