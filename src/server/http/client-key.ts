import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config';

/**
 * Fastify's trustProxy for our setting. A hop count trusts the socket's peer and the
 * rightmost entries of X-Forwarded-For, one per proxy, so `request.ip` is the address the
 * outermost proxy appended; whatever a client wrote to the left of it is never read.
 * (Fastify itself ignores X-Forwarded-For for a bare number, so the count is a function here.)
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * The key every per-client rate limit counts under: the client's address as `request.ip`
 * gives it (see fastifyTrustProxy), an IPv4-mapped IPv6 address as its IPv4 address, and an
 * IPv6 address as its /64, since one subscriber is usually handed a whole /64.
 */
export function clientKey(request: FastifyRequest): string {
  return clientKeyOf(request.ip);
}

export function clientKeyOf(address: string | undefined): string {
  const text = (address ?? '').trim().toLowerCase();
  if (isIPv4(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text || 'unknown';
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (zone dropped), or null if it is none. */
function ipv6Groups(address: string): number[] | null {
  const plain = address.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (!isIPv6(plain)) return null;
  // A dotted IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  const lastColon = plain.lastIndexOf(':');
  const tail = plain.slice(lastColon + 1);
  let hex = plain;
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    hex = `${plain.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = parse(head);
  const after = rest === undefined ? [] : parse(rest);
  const zeros = new Array<number>(8 - before.length - after.length).fill(0);
  return [...before, ...zeros, ...after];
}
