import type { FieldErrors } from './messages/validation-keys';

/**
 * Stable error codes of the JSON API, each with the HTTP status it is answered with: one
 * table, so a code cannot exist without its status. A 4xx answer is
 * `{ code, message, fieldErrors? }`; the browser shows `errors.<code>` from the message
 * catalogue (a test checks every code has its message in both languages).
 */
export const ERROR_STATUS = {
  'invalid-argument': 400,
  'not-found': 404,
  'already-exists': 409,
  'permission-denied': 403,
  unavailable: 503,
  internal: 500,
  'payload-too-large': 413,
  'csrf/origin-mismatch': 403,
  'http/unknown-host': 421,
  'auth/unauthenticated': 401,
  'auth/session-expired': 401,
  'auth/email-not-verified': 403,
  'auth/user-not-found': 404,
  'auth/invalid-email': 400,
  'auth/user-disabled': 403,
  'auth/too-many-requests': 429,
  'auth/invalid-link': 400,
  'auth/email-mismatch': 400,
  'auth/invalid-code': 400,
  'auth/email-already-in-use': 409,
  'auth/email-already-registered': 409,
  'registration/domain-not-allowed': 403,
  'upload/not-an-image': 400,
  'upload/image-too-large': 413,
  'push/unsupported-service': 400,
  'invitation/invalid-link': 400,
  'invitation/invalid-or-used': 404,
  'invitation/expired': 410,
  'invitation/already-registered-as-mentor': 409,
  'invitation/already-invited': 409,
  'invitation/quota-exceeded': 403,
  'mentor/email-already-registered': 409,
  'admin/last-admin': 409,
  'admin/self-action': 409,
  'admin/profile-required': 409,
  'admin/rollover-undone': 409,
  'invitation/not-pending': 409,
  'invitation/not-expired': 409,
  'university/domain-taken': 409,
  'visit/not-accepting': 409,
  'visit/monthly-limit-reached': 409,
  // 紹介 (decision 0044).
  'introduction/turned-off': 409,
  'introduction/unavailable': 409,
  'introduction/already-pending': 409,
  'introduction/no-visit': 409,
  'introduction/not-pending': 409,
  'introduction/monthly-limit': 409,
  // 座談会 (issue 58).
  'group-session/closed': 409,
  'group-session/cancelled': 409,
  'group-session/not-for-you': 403,
  'group-session/already-joined': 409,
  'group-session/not-joined': 409,
  'group-session/not-held-yet': 409,
  'group-session/same-time': 409,
  'sim/clock-backwards': 409,
  'group-session/attendance-closed': 409,
  // 座談会 changed by its alumna (group-sessions/edit.ts): only until it starts, seats only up,
  // the place's words or URL only of the kind it was opened with.
  'group-session/started': 409,
  'group-session/seats-fewer': 409,
  'group-session/format-fixed': 409,
  'visit/already-open': 409,
  'visit/same-hour': 409,
  'visit/blocked': 403,
  'visit/not-open': 409,
  'visit/not-your-turn': 409,
  'booking/slot-taken': 409,
  'booking/not-offered': 409,
  'visit/proposal-limit': 409,
  'visit/proposal-changed': 409,
  'visit/students-only': 403,
  'visit/no-show-limit': 403,
  'visit/not-held-yet': 409,
  'visit/safe-end-not-asked': 409,
  'visit/follow-up-closed': 409,
  'visit/already-thanked': 409,
  'visit/no-show-recorded': 409,
  'visit/no-show-not-claimed': 409,
  'visit/no-show-answered': 409,
  'visit/employer-rule-online-only': 400,
  'visit/employer-rule-premises-only': 400,
  'visit/employer-rule-latest-end': 400,
  'visit/no-show-withdrawn': 409,
  'note/not-held': 409,
  'note/not-offerable': 409,
  'note/not-offered': 409,
  'note/not-shared': 409,
  'company/not-found': 404,
  'thread/closed': 409,
  'thread/blocked': 403,
  'block/self': 400,
  'report/self': 400,
  'report/not-open': 409,
  'report/not-resolved': 409,
  'account/address-held': 409,
  'graduation/not-eligible': 403,
  'email-change/undo-open': 409,
  'email-change/undo-address-taken': 409,
  // Issue 56, point 1 (the place is said once).
  'visit/url-in-person': 400,
  // Issue 57, point 3: the student has the seminar's limit of requests waiting for an answer.
  'visit/waiting-limit': 409,
  // Issue 58, point 4: a 訪問記録 about a 座談会 (its seated students who were not absent).
  'note/session-not-held': 409,
  'note/not-seated': 403,
  'note/absent': 403,
} as const satisfies Record<
  string,
  400 | 401 | 403 | 404 | 409 | 410 | 413 | 421 | 429 | 500 | 503
>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as readonly ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Body of every 4xx/5xx answer of the API. `fieldErrors` values are message keys. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  fieldErrors?: FieldErrors;
  /** A 409 on a thing that moved on since the caller's page loaded: the thing as it is now. */
  current?: unknown;
}
