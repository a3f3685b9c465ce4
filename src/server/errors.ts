import type { ErrorCode } from '../shared/errors';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  'invalid-argument': 400,
  'not-found': 404,
  'already-exists': 409,
  'permission-denied': 403,
  unavailable: 503,
  internal: 500,
  'payload-too-large': 413,
  'csrf/origin-mismatch': 403,
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
  'invitation/not-pending': 409,
  'invitation/not-expired': 409,
  'university/domain-taken': 409,
  'visit/not-accepting': 409,
  'visit/monthly-limit-reached': 409,
  'visit/already-open': 409,
  'visit/blocked': 403,
  'visit/not-open': 409,
  'visit/not-your-turn': 409,
  'visit/proposal-limit': 409,
  'visit/students-only': 403,
  'block/self': 400,
  'report/self': 400,
  'report/not-open': 409,
  // Issue 16
  'account/address-held': 409,
};

/** A failure the API reports as `{ code, message }`; the code decides the HTTP status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(code);
    this.statusCode = STATUS_BY_CODE[code];
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}
