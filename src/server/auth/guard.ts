import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { satisfies, type RoleRequirement } from '../../shared/roles';
import type { SessionUser } from '../../shared/schemas/auth';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { sha256 } from '../lib/secrets';
import type { ReadCache } from '../lib/read-cache';
import type { SessionEntry } from '../lib/read-caches';
import { sessionCookieName, sessionCookieOptions } from '../credentials/session-cookie';
import { lookUpSession } from '../credentials/sessions';
import { isWrite } from '../http/methods';

/**
 * Who may call a route, declared on every API route as `config.access`:
 * - 'public': anyone;
 * - 'signed-in': any session, verified or not (the /verify-email waiting page needs this);
 * - 'verified': a verified account of any role;
 * - a RoleRequirement: a verified account whose role satisfies it (docs/PRODUCT.md §1).
 */
export type Access = 'public' | 'signed-in' | 'verified' | RoleRequirement;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** See SessionEntry: the alumni who blocked the user, never told to them (null: none). */
    blockedBy: readonly string[] | null;
    sessionTimedOut: boolean;
  }
}

export function accessError(access: Access, request: FastifyRequest): AppError | undefined {
  if (access === 'public') return undefined;
  const user = request.user;
  if (!user) {
    return new AppError(request.sessionTimedOut ? 'auth/session-expired' : 'auth/unauthenticated');
  }
  if (access === 'signed-in') return undefined;
  if (!user.emailVerified) return new AppError('auth/email-not-verified');
  if (access === 'verified') return undefined;
  return satisfies(user.role, access) ? undefined : new AppError('permission-denied');
}

export interface GuardOptions {
  db: Database;
  config: AppConfig;
  /** Active sessions by cookie hash: most requests then need no query to know their user. */
  sessions: ReadCache<SessionEntry>;
}

/**
 * Resolves the session on every API request and enforces each route's declared access.
 * A route under /api without `config.access` stops start-up, so none can be forgotten.
 */
export const guardPlugin = fp(
  async (app: FastifyInstance, { db, config, sessions }: GuardOptions) => {
    const cookieName = sessionCookieName(config.appOrigin);
    app.decorateRequest('user', null);
    app.decorateRequest('blockedBy', null);
    app.decorateRequest('sessionTimedOut', false);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && route.config?.access === undefined) {
        throw new Error(`API route ${route.method} ${route.url} declares no config.access`);
      }
    });

    async function resolveSession(request: FastifyRequest, reply: FastifyReply, token: string) {
      const cacheKey = sha256(token);
      // A write is decided on the session as the database holds it now, never on a cached
      // answer another process may already have ended.
      const cached = isWrite(request) ? undefined : sessions.get(cacheKey);
      if (cached) {
        request.user = cached.user;
        request.blockedBy = cached.blockedBy;
        return;
      }
      const generation = sessions.generation;
      const session = await lookUpSession(db, token, config.sessionIdleMinutes);
      if (session.status === 'active') {
        request.user = session.user;
        request.blockedBy = session.blockedBy;
        const entry = {
          user: Object.freeze(session.user),
          blockedBy: Object.freeze(session.blockedBy),
        };
        sessions.set(cacheKey, Object.freeze(entry), generation, session.validUntil);
      } else {
        // A write finds it ended: the entry a read left goes too (the write empties only the
        // sessions of a user it knows).
        sessions.delete(cacheKey);
        request.sessionTimedOut = session.status === 'timed-out';
        reply.clearCookie(cookieName, sessionCookieOptions(config.appOrigin));
      }
    }

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const access = request.routeOptions.config?.access;
      if (access === undefined) return;
      const token = request.cookies[cookieName];
      if (token) await resolveSession(request, reply, token);
      const denied = accessError(access, request);
      if (denied) throw denied;
    });
  },
);
