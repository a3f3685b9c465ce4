import type { FieldErrors } from '../shared/messages/validation-keys';
import { ERROR_STATUS, type ErrorCode } from '../shared/errors';

/** A failure the API reports as `{ code, message }`; the code decides the HTTP status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
