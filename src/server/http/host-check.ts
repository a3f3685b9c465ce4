import type { FastifyReply, FastifyRequest } from 'fastify';
import { en } from '../../shared/messages/en';
import { ja } from '../../shared/messages/ja';
import type { AppConfig } from '../config';
import { statusOf } from '../errors';
import { isLoopbackName, parseHost, type HostHeader } from '../lib/loopback';
import { errorBody } from './errors';

/** APP_ORIGIN's host name, without a port (as nginx's `$host` passes it) or with its own. */
function isPublicHost(appOrigin: string): (host: HostHeader) => boolean {
  const origin = new URL(appOrigin);
  const port = origin.port || (origin.protocol === 'https:' ? '443' : '80');
  const name = origin.hostname.toLowerCase();
  return (host) => host.name === name && (host.port === undefined || host.port === port);
}

/**
 * Only our own host name is served: a request whose `Host` is neither APP_ORIGIN's host nor a
 * loopback name (any port) is refused with 421 before any route, so a page of another site
 * whose name was rebound to this machine reaches nothing, signed in or not. `Host` is read as
 * the client sent it, never from X-Forwarded-Host. The health check answers any name: a load
 * balancer may ask by address, and it says no more than "ok". So does /metrics, to a scraper
 * asking a process by its address: its own check lets through only its bearer token, or a
 * loopback client naming loopback (http/bearer.ts).
 */
export function refuseUnknownHosts(config: AppConfig) {
  const isPublic = isPublicHost(config.appOrigin);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0];
    if (path === '/healthz' || path === '/metrics') return;
    const host = parseHost(request.headers.host);
    if (host && (isLoopbackName(host) || isPublic(host))) return;
    const status = statusOf('http/unknown-host');
    // A person who typed another name into the address bar reads a line, not JSON.
    if ((request.headers.accept ?? '').includes('text/html')) {
      return reply
        .code(status)
        .type('text/plain; charset=utf-8')
        .send(`${ja.errors['http/unknown-host']}\n${en.errors['http/unknown-host']}\n`);
    }
    return reply.code(status).send(errorBody('http/unknown-host'));
  };
}
