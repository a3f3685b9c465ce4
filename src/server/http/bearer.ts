import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { hasLoopbackHost } from '../lib/loopback';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearerToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A client on this machine talking to the process directly, and naming it so in `Host`.
 * Through a proxy on the same machine every visitor would look local, so a forwarded request
 * never counts; a page of another site whose name was rebound to 127.0.0.1 connects from
 * loopback too, but sends its own name.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  const proxied = request.headers['x-forwarded-for'] !== undefined;
  return !proxied && LOOPBACK.has(request.socket.remoteAddress ?? '') && hasLoopbackHost(request);
}

/**
 * A client on this machine, straight to the process, whatever address the server listens on:
 * loopback, or a connection to one of this machine's addresses from that same address; in
 * both cases with a loopback name in `Host` (the backup command sends one).
 */
export function isDirectFromThisMachine(request: FastifyRequest): boolean {
  if (isDirectLoopback(request)) return true;
  const { remoteAddress, localAddress } = request.socket;
  return (
    request.headers['x-forwarded-for'] === undefined &&
    remoteAddress !== undefined &&
    remoteAddress === localAddress &&
    hasLoopbackHost(request)
  );
}
