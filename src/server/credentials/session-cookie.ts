import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../lib/secrets';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../../shared/constants';

/** The session cookie: its name, its attributes, and setting it after any sign-in. */
export function sessionCookieName(appOrigin: string): string {
  // The __Host- prefix pins the cookie to this origin, but browsers accept it only over https.
  return appOrigin.startsWith('https:') ? '__Host-og_session' : 'og_session';
}

export function sessionCookieOptions(appOrigin: string) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: appOrigin.startsWith('https:'),
  };
}

/** The session cookie after any sign-in: the server-side session lives at most 30 days. */
export function setSessionCookie(reply: FastifyReply, appOrigin: string, token: string) {
  reply.setCookie(sessionCookieName(appOrigin), token, {
    ...sessionCookieOptions(appOrigin),
    maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
  });
}

/**
 * The hash the sessions table keys the request's session by (the cookie as sent; an empty hash
 * names no session): what something made for this session records (the bell's stream, a push
 * subscription).
 */
export function sessionHashOf(request: FastifyRequest, appOrigin: string): string {
  return sha256(request.cookies[sessionCookieName(appOrigin)] ?? '');
}
