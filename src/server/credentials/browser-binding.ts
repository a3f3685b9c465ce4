import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { browserBindings } from '../db/schema';
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

/**
 * The hash of the binding this browser sends, if any. Only read by: what is bound to a hash
 * was bound through ensureBrowserBinding, so a value the server did not make finds nothing.
 */
export function browserBindingOf(request: FastifyRequest, appOrigin: string): string | undefined {
  const value = request.cookies[bindingCookieName(appOrigin)];
  return value && value.length <= 200 ? sha256(value) : undefined;
}

/**
 * Binds a mail to this browser inside the caller's transaction: gives the binding hash to
 * store with it, making the binding when the decision to answer has been taken.
 */
export type BindBrowser = (tx: Executor) => Promise<string>;

/** The request's browser, bound when the service decides to (ensureBrowserBinding). */
export function bindingFor(
  request: FastifyRequest,
  reply: FastifyReply,
  appOrigin: string,
): BindBrowser {
  return (tx) => ensureBrowserBinding(tx, request, reply, appOrigin);
}

/**
 * The browser's binding hash: the one it sends when the server made it, or else a fresh one,
 * recorded and set as its cookie now. A value the client chose (or one past its day) is
 * replaced, never adopted: whoever plants a cookie they know in someone's browser, or sends
 * one, cannot have a mail bound to it.
 */
export async function ensureBrowserBinding(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  appOrigin: string,
): Promise<string> {
  const sent = browserBindingOf(request, appOrigin);
  if (sent && (await isServerMade(db, sent))) return sent;
  const value = randomToken();
  const hash = sha256(value);
  await db.insert(browserBindings).values({ hash });
  reply.setCookie(bindingCookieName(appOrigin), value, bindingCookieOptions(appOrigin));
  return hash;
}

async function isServerMade(db: Executor, hash: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: browserBindings.hash })
    .from(browserBindings)
    .where(
      and(
        eq(browserBindings.hash, hash),
        gt(
          browserBindings.createdAt,
          sql`now() - make_interval(secs => ${BINDING_MAX_AGE_SECONDS})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Bindings whose cookie has expired: nothing can adopt them any more. */
export async function purgeExpiredBindings(db: Executor): Promise<void> {
  await db
    .delete(browserBindings)
    .where(
      sql`${browserBindings.createdAt} < now() - make_interval(secs => ${BINDING_MAX_AGE_SECONDS})`,
    );
}
