/**
 * Stable error codes of the JSON API. A 4xx answer is `{ code, message, fieldErrors? }`;
 * the browser shows `errors.<code>` from the message catalogue, so each code maps to one
 * message in one place. Codes follow the spec's error catalogue where it names one.
 */
export const ERROR_CODES = [
  'invalid-argument',
  'not-found',
  'already-exists',
  'permission-denied',
  'unavailable',
  'internal',
  'payload-too-large',
  'csrf/origin-mismatch',
  'auth/unauthenticated',
  'auth/session-expired',
  'auth/email-not-verified',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/invalid-link',
  'auth/email-mismatch',
  'auth/invalid-code',
  'auth/email-already-in-use',
  'auth/email-already-registered',
  'registration/domain-not-allowed',
  'upload/not-an-image',
  'upload/image-too-large',
  'invitation/invalid-link',
  'invitation/invalid-or-used',
  'invitation/expired',
  'invitation/already-registered-as-mentor',
  'invitation/already-invited',
  'invitation/quota-exceeded',
  'mentor/email-already-registered',
  'admin/last-admin',
  'admin/self-action',
  'admin/profile-required',
  'invitation/not-pending',
  'invitation/not-expired',
  'university/domain-taken',
  'visit/not-accepting',
  'visit/monthly-limit-reached',
  'visit/already-open',
  'visit/blocked',
  'visit/not-open',
  'visit/not-your-turn',
  'visit/proposal-limit',
  'visit/students-only',
  'block/self',
  'report/self',
  'report/not-open',
  // Issue 16: an address held after a withdrawal under a report or a suspension.
  'account/address-held',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Body of every 4xx/5xx answer of the API. `fieldErrors` values are message keys. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string>;
}
