import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from '../errors';
import { isWrite } from './methods';

/**
 * State-changing requests must come from our own pages. Browsers send Origin (and
 * Sec-Fetch-Site) on such requests; a request from another site is refused before any work.
 */
export function refuseCrossOriginWrites(config: AppConfig) {
  const allowed = new URL(config.appOrigin);
  return async (request: FastifyRequest) => {
    if (!isWrite(request)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (origin !== allowed.origin && host !== request.headers.host) {
        throw new AppError('csrf/origin-mismatch');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new AppError('csrf/origin-mismatch');
  };
}
