import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../shared/errors';
import { ja } from '../../shared/messages/ja';
import { pgErrorCode } from '../db/client';
import { isDatabaseUnavailable } from '../db/retry';
import { AppError, statusOf } from '../errors';
import { validationKeyOf, type FieldErrors } from '../../shared/messages/validation-keys';

export function errorBody(code: ErrorCode, fieldErrors?: FieldErrors): ApiErrorBody {
  return fieldErrors
    ? { code, message: ja.errors[code], fieldErrors }
    : { code, message: ja.errors[code] };
}

/** Text PostgreSQL cannot hold (a NUL character): the client's bad input, not our failure. */
function isUnstorableText(error: unknown): boolean {
  const pgCode = pgErrorCode(error);
  return pgCode === '22021' || pgCode === '22P05';
}

function validationFieldErrors(error: FastifyError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    fields[field] ??= validationKeyOf(issue.message);
  }
  return fields;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'not-found';
  if (status === 413) return 'payload-too-large';
  if (status === 429) return 'auth/too-many-requests';
  return 'invalid-argument';
}

/**
 * One place turns every failure into `{ code, message }`: typed AppErrors and bad input as
 * 4xx, a lost database as 503, anything else as a 500 that leaks no detail.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.code(error.statusCode).send(errorBody(error.code, error.fieldErrors));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send(errorBody('invalid-argument', validationFieldErrors(error)));
  }
  if (isUnstorableText(error)) {
    return reply.code(400).send(errorBody('invalid-argument'));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(codeForStatus(status)));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.code(statusOf('unavailable')).send(errorBody('unavailable'));
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(errorBody('internal'));
}
