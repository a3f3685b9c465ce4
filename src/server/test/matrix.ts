import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import type { ErrorCode } from '../../shared/errors';
import { ja } from '../../shared/messages/ja';
import type { App } from '../app';
import type { Access } from '../auth/guard';
import {
  groupSessionPlaces,
  groupSessions,
  auditLog,
  consultationDesk,
  favourites,
  invitations,
  outbox,
  mentorIcons,
  mentors,
  noShowClaims,
  pendingRegistrations,
  rateLimitHits,
  sessions,
  signInTokens,
  students,
  universities,
  universityDomains,
  users,
  visitRequests,
} from '../db/schema';

/** Set-up and bookkeeping for the authorization matrix (authorization-matrix.test.ts). */

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's `config.access`; undefined for the few routes outside /api. */
  access: Access | undefined;
}

export function routeKey(route: { method: string; url: string }): string {
  return `${route.method} ${route.url}`;
}

/**
 * Collects every route the server registers, through BuildOptions.onRoute. Fastify adds a HEAD
 * route beside each GET by itself: those copies are left out (they share the GET's options).
 */
export function routeCollector() {
  const all: RouteEntry[] = [];
  return {
    onRoute(route: RouteOptions) {
      const access = (route.config as { access?: Access } | undefined)?.access;
      for (const method of [route.method].flat()) all.push({ method, url: route.url, access });
    },
    routes(): RouteEntry[] {
      const gets = new Set(all.filter((r) => r.method === 'GET').map((r) => r.url));
      return all.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
    },
  };
}

/** `config.access` written the way the matrix's table writes it. */
export function accessLabel(access: Access | undefined): string {
  if (access === undefined) return '-';
  if (typeof access === 'string') return access;
  const parts: string[] = [];
  if (access.roles) parts.push(access.roles.join('|'));
  if (access.minRole) parts.push(`>=${access.minRole}`);
  return parts.join('&');
}

/** How the guard refuses (auth/guard.ts accessError), by the table's names for them. */
export const GUARD_REFUSALS = {
  '401': { status: 401, code: 'auth/unauthenticated' },
  '403v': { status: 403, code: 'auth/email-not-verified' },
  '403p': { status: 403, code: 'permission-denied' },
} as const satisfies Record<string, { status: number; code: ErrorCode }>;
export type Refusal = keyof typeof GUARD_REFUSALS;

/** Every code the guard answers with: an allowed call must never carry one of them. */
const GUARD_CODES = new Set<string>([
  'auth/unauthenticated',
  'auth/session-expired',
  'auth/email-not-verified',
  'permission-denied',
]);

/** A cell of the table: a guard refusal, or the exact status of a call that got past it. */
export type Outcome = { refusal: Refusal } | { status: number };

export function parseOutcome(cell: string): Outcome {
  if (cell in GUARD_REFUSALS) return { refusal: cell as Refusal };
  // A bare 403 would not say whether the guard or the handler refused: write 403v or 403p for
  // the guard's, 403h for the handler's own refusal (a code of the route's, never the guard's).
  if (cell === '403h') return { status: 403 };
  if (/^[1-5]\d\d$/.test(cell) && cell !== '403') return { status: Number(cell) };
  throw new Error(`unknown outcome "${cell}" in the authorization table`);
}

function errorCodeOf(response: LightMyRequestResponse): string | undefined {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return undefined;
  }
  try {
    const body = response.json() as unknown;
    return body && typeof body === 'object' && 'code' in body ? String(body.code) : undefined;
  } catch {
    return undefined;
  }
}

/** Why a response does not match its cell, or undefined when it does. */
export function mismatch(response: LightMyRequestResponse, outcome: Outcome): string | undefined {
  const got = `${response.statusCode} ${response.body.slice(0, 200)}`;
  const code = errorCodeOf(response);
  if ('refusal' in outcome) {
    const want = GUARD_REFUSALS[outcome.refusal];
    const body = code === undefined ? undefined : (response.json() as { message?: string });
    const right =
      response.statusCode === want.status &&
      code === want.code &&
      body?.message === ja.errors[want.code];
    return right ? undefined : `want the guard's ${want.status} ${want.code}, got ${got}`;
  }
  if (response.statusCode !== outcome.status || (code !== undefined && GUARD_CODES.has(code))) {
    return `want ${outcome.status} past the guard, got ${got}`;
  }
  return undefined;
}

/**
 * A summary of everything a refused call could have changed: row counts and the newest
 * change of each table (sessions aside: the guard itself ends a suspended user's sessions).
 */
export async function databaseFingerprint(app: App): Promise<string> {
  const result = (await app.ctx.db.execute(sql`
    select
      (select count(*)::int from ${users}) as users,
      (select max(${users.updatedAt})::text from ${users}) as users_changed,
      (select count(*)::int from ${students}) as students,
      (select max(${students.updatedAt})::text from ${students}) as students_changed,
      (select count(*)::int from ${mentors}) as mentors,
      (select max(${mentors.updatedAt})::text from ${mentors}) as mentors_changed,
      (select count(*)::int from ${mentorIcons}) as icons,
      (select count(*)::int from ${invitations}) as invitations,
      (select max(${invitations.updatedAt})::text from ${invitations}) as invitations_changed,
      (select count(*)::int from ${universities}) as universities,
      (select max(${universities.updatedAt})::text from ${universities}) as universities_changed,
      (select count(*)::int from ${universityDomains}) as domains,
      (select count(*)::int from ${pendingRegistrations}) as pending_registrations,
      (select count(*)::int from ${signInTokens}) as sign_in_tokens,
      (select count(*)::int from ${outbox}) as mail,
      (select count(*)::int from ${auditLog}) as audit,
      (select count(*)::int from ${favourites}) as favourites,
      (select count(*)::int from ${visitRequests}) as visit_requests,
      (select max(${visitRequests.updatedAt})::text from ${visitRequests}) as visit_requests_changed,
      (select max(${consultationDesk.updatedAt})::text from ${consultationDesk}) as desk_changed,
      (select count(*)::int from ${noShowClaims}) as no_show_claims,
      (select max(${noShowClaims.updatedAt})::text from ${noShowClaims}) as no_show_claims_changed,
      (select coalesce(sum(${rateLimitHits.count}), 0)::int from ${rateLimitHits}) as limit_hits,
      (select count(*)::int from ${groupSessions}) as group_sessions,
      (select max(${groupSessions.cancelledAt})::text from ${groupSessions}) as group_sessions_cancelled,
      (select count(*)::int from ${groupSessionPlaces}) as group_session_places,
      (select max(${groupSessionPlaces.changedAt})::text from ${groupSessionPlaces}) as group_session_places_changed,
      (select md5(coalesce(string_agg(${groupSessionPlaces.sessionId}::text || ${groupSessionPlaces.studentId}::text || coalesce(${groupSessionPlaces.attended}::text, '-'), ',' order by ${groupSessionPlaces.sessionId}, ${groupSessionPlaces.studentId}), '')) from ${groupSessionPlaces}) as group_session_attendance
  `)) as unknown as { rows: Record<string, unknown>[] };
  return JSON.stringify(result.rows[0]);
}

export async function sessionCount(app: App, userId: string): Promise<number> {
  const rows = await app.ctx.db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return rows.length;
}

/**
 * Everything stored for some users (account, profiles, icons, invitations they sent, sessions)
 * in one query, to show that nobody else's call touched it.
 */
export async function usersSnapshot(app: App, userIds: string[]): Promise<string> {
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await app.ctx.db.execute(sql`
    select json_build_object(
      'users', (select json_agg(x order by x.id) from ${users} x where x.id in (${ids})),
      'mentors', (select json_agg(x order by x.user_id) from ${mentors} x where x.user_id in (${ids})),
      'students', (select json_agg(x order by x.user_id) from ${students} x where x.user_id in (${ids})),
      'icons', (select json_agg(json_build_object('id', x.id, 'size', x.byte_size) order by x.id)
        from ${mentorIcons} x where x.user_id in (${ids})),
      'invitations', (select json_agg(x order by x.id) from ${invitations} x where x.inviter_id in (${ids})),
      'sessions', (select json_agg(x order by x.id_hash) from ${sessions} x where x.user_id in (${ids}))
    )::text as snapshot
  `)) as unknown as { rows: { snapshot: string }[] };
  return result.rows[0]!.snapshot;
}
