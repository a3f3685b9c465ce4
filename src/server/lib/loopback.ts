import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Names only this machine answers to. A page of another site whose name was rebound to
 * 127.0.0.1 (DNS rebinding) still makes the browser send its own name, never one of these.
 */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface HostHeader {
  /** Lower case, without a trailing dot; an IPv6 address keeps its brackets. */
  name: string;
  port: string | undefined;
}

const HOST_PATTERN = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)\.?(?::(\d{1,5}))?$/i;

/** A `Host` value as name and port; undefined for anything but a plain `name[:port]`. */
export function parseHost(value: string | undefined): HostHeader | undefined {
  const match = HOST_PATTERN.exec(value ?? '');
  if (!match) return undefined;
  return { name: match[1]!.toLowerCase(), port: match[2] };
}

export function isLoopbackName(host: HostHeader): boolean {
  return LOOPBACK_NAMES.has(host.name);
}

/**
 * The request names this machine in `Host` itself, as a tool on it does (curl, the backup
 * command, a scraper of 127.0.0.1:3000). Read from the header the client sent: never from
 * X-Forwarded-Host, which TRUST_PROXY would let Fastify's `request.host` prefer.
 */
export function hasLoopbackHost(request: FastifyRequest): boolean {
  const host = parseHost(request.headers.host);
  return host !== undefined && isLoopbackName(host);
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/**
 * Routes for tools on this machine only (the local mailbox, the simulator's): anything else
 * is told there is nothing here. A request relayed by a reverse proxy on this machine comes
 * from the proxy's client; one naming the site's public host (or a rebound name) is a
 * browser's, not this machine's.
 */
export function onlyFromThisMachine(request: FastifyRequest): void {
  const relayed =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (relayed || !isLoopback(request.socket.remoteAddress) || !hasLoopbackHost(request)) {
    throw new AppError('not-found');
  }
}
