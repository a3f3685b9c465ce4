import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../lib/secrets';

/**
 * A random cookie that names the browser which asked for a sign-in
 * or verification mail. The mail's typed code works only where this cookie is (a stranger
 * guessing codes from another client gets nowhere and burns nothing), and the alumni waiting
 * page reads the verification status of its own account by it. It authorises nothing else:
 * it is never a session.
 */
const BINDING_MAX_AGE_SECONDS = 24 * 60 * 60;

export function bindingCookieName(appOrigin: string): string {
  return appOrigin.startsWith('https:') ? '__Host-og_signin' : 'og_signin';
}

function bindingCookieOptions(appOrigin: string) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: appOrigin.startsWith('https:'),
    maxAge: BINDING_MAX_AGE_SECONDS,
  };
}

/** The hash of this browser's binding, if it holds one. */
export function browserBindingOf(request: FastifyRequest, appOrigin: string): string | undefined {
  const value = request.cookies[bindingCookieName(appOrigin)];
  return value && value.length <= 200 ? sha256(value) : undefined;
}

/** The browser's binding hash, setting a fresh cookie first when it holds none. */
export function ensureBrowserBinding(
  request: FastifyRequest,
  reply: FastifyReply,
  appOrigin: string,
): string {
  const existing = browserBindingOf(request, appOrigin);
  if (existing) return existing;
  const value = randomToken();
  reply.setCookie(bindingCookieName(appOrigin), value, bindingCookieOptions(appOrigin));
  return sha256(value);
}
