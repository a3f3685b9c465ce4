import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuditAction } from '../../../shared/audit-actions';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '../../../shared/constants';
import type { ErrorCode } from '../../../shared/errors';
import { ja } from '../../../shared/messages/ja';
import type { App } from '../../app';
import { auditLog, invitations } from '../../db/schema';
import { randomFromAlphabet } from '../../lib/secrets';
import { insertUser } from '../app';
import { cookieFor, nextSequence } from './mentors';

/** Shared set-up for the admin console's API tests. */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as the holder of `cookie` (or anonymous), JSON body when given. */
export function call(
  app: App,
  cookie: string | undefined,
  method: Method,
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: cookie ? { cookie } : {},
  });
}

/** A verified admin with a session, written straight into the database. */
export async function insertAdmin(app: App, email = `admin-${nextSequence()}@example.com`) {
  const user = await insertUser(app, { email, role: 'admin' });
  return { user, cookie: await cookieFor(app, user.id) };
}

export function expectError(response: LightMyRequestResponse, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code, message: ja.errors[code] });
}

export function expectOk(response: LightMyRequestResponse, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as Record<string, unknown>;
}

export function auditEntries(app: App, action: AuditAction, targetId?: string) {
  return app.ctx.db
    .select()
    .from(auditLog)
    .where(
      targetId === undefined
        ? eq(auditLog.action, action)
        : and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)),
    );
}

export interface InvitationSeed {
  email?: string;
  status?: 'pending' | 'completed' | 'expired';
  role?: 'mentor' | 'mentor_pending';
  inviterId?: string | null;
  /** An interval from the database's now, e.g. '7 days' or '-1 minute'. */
  expiresIn?: string;
  inviteCode?: string;
}

/** An invitation row written straight into the database (no mail). */
export async function insertInvitation(app: App, seed: InvitationSeed = {}) {
  const n = nextSequence();
  const status = seed.status ?? 'pending';
  const [row] = await app.ctx.db
    .insert(invitations)
    .values({
      email: seed.email ?? `invitee-${n}@example.com`,
      inviteCode: seed.inviteCode ?? randomFromAlphabet(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH),
      status,
      role: seed.role ?? 'mentor',
      inviterId: seed.inviterId ?? null,
      expiresAt: sql`now() + ${seed.expiresIn ?? '7 days'}::interval`,
      invitationUrl: 'http://localhost:3000/mentor-register',
      // Strictly after the previous one (a millisecond per fixture): lists ordered newest first
      // never meet a tie, which the clock alone can give two fast inserts.
      createdAt: new Date(Date.now() + n),
      ...(status === 'completed' ? { completedAt: new Date() } : {}),
      ...(status === 'expired' ? { expiredAt: new Date() } : {}),
    })
    .returning();
  return row!;
}

export async function invitationRow(app: App, id: string) {
  const [row] = await app.ctx.db.select().from(invitations).where(eq(invitations.id, id));
  return row;
}
