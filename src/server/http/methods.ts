import type { FastifyRequest } from 'fastify';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request that may change something: it empties the read caches and reads no cache. */
export function isWrite(request: FastifyRequest): boolean {
  return !READ_ONLY_METHODS.has(request.method);
}
