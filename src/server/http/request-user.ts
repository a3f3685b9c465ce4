import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/schemas/auth';
import { AppError } from '../errors';

/**
 * The signed-in user of a route whose `config.access` requires one: the guard has already
 * refused the request otherwise, so this only turns that guarantee into a type.
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('auth/unauthenticated');
  return request.user;
}
