import { and, eq, lt, not, or, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../../shared/constants';
import type { Database, Executor } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { mentors, pushSubscriptions, sessions, userBlocks, users } from '../db/schema';
import type { SessionEntry } from '../lib/read-caches';
import { randomToken, sha256 } from '../lib/secrets';

/** Writing last_seen_at on every request would turn each read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionLookup =
  | ({
      status: 'active';
      sessionHash: string;
      /** When the session ends unless used again (idle limit) or at the latest (30 days). */
      validUntil: number;
    } & SessionEntry)
  | { status: 'timed-out' }
  | { status: 'none' };

/** A new session: the cookie's token and whose it is (sign-in, a completed registration). */
export interface SignedIn {
  sessionToken: string;
  userId: string;
}

export async function createSession(db: Executor, userId: string): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    idHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_LIFETIME_MS),
  });
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, userId));
  return token;
}

/**
 * The session and its user, read on every request the cache misses: only what is checked and
 * carried, in a statement built once (db/prepared).
 */
const sessionRead = preparedPerDatabase((db) =>
  db
    .select({
      session: { lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
      user: {
        id: users.id,
        email: users.email,
        role: users.role,
        emailVerified: users.emailVerified,
        asksNameReading: users.asksNameReading,
        language: users.language,
        suspendedAt: users.suspendedAt,
      },
      // Through user_blocks_blocked_idx: for nearly everyone an empty list.
      blockedBy: sql<
        string[]
      >`array(select ${mentors.urlParam} from ${userBlocks} inner join ${mentors} on ${mentors.userId} = ${userBlocks.blockerId} where ${userBlocks.blockedId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('sessionHash')))
    .limit(1)
    .prepare('session_read'),
);

/**
 * The session's last use and its user's last activity, in one statement: on PGlite every
 * statement is the server's own time, and a user's first request each minute made two.
 */
async function touch(db: Database, sessionHash: string, userId: string, at: Date) {
  const when = sql`${at.toISOString()}::timestamptz`;
  await db.execute(sql`with touched as (
      update ${sessions} set ${sql.identifier(sessions.lastSeenAt.name)} = ${when}
      where ${sessions.idHash} = ${sessionHash}
    )
    update ${users} set ${sql.identifier(users.lastActiveAt.name)} = ${when},
      ${sql.identifier(users.updatedAt.name)} = ${when}
    where ${users.id} = ${userId}`);
}

export async function lookUpSession(
  db: Database,
  token: string,
  idleMinutes: number,
): Promise<SessionLookup> {
  const sessionHash = sha256(token);
  const [row] = await sessionRead(db).execute({ sessionHash });
  if (!row) return { status: 'none' };

  const now = Date.now();
  const idleLimit = row.session.lastSeenAt.getTime() + idleMinutes * 60_000;
  if (row.user.suspendedAt) {
    await endAllSessions(db, row.user.id);
    return { status: 'none' };
  }
  if (now > idleLimit || now > row.session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.idHash, sessionHash));
    return { status: 'timed-out' };
  }
  let lastSeen = row.session.lastSeenAt.getTime();
  if (now - lastSeen > TOUCH_INTERVAL_MS) {
    lastSeen = now;
    await touch(db, sessionHash, row.user.id, new Date(now));
  }
  return {
    status: 'active',
    sessionHash,
    // Measured from the last use the database knows of: a use within the touch interval
    // is not written, and does not extend the session.
    validUntil: Math.min(lastSeen + idleMinutes * 60_000, row.session.expiresAt.getTime()),
    user: {
      id: row.user.id,
      email: row.user.email,
      role: row.user.role,
      emailVerified: row.user.emailVerified,
      asksNameReading: row.user.asksNameReading,
      language: row.user.language,
    },
    blockedBy: row.blockedBy,
  };
}

/**
 * Sign-out, withdrawal and suspension end every session of the user, on every device, and stop
 * the pushes to every device (docs/PRODUCT.md §14): a browser signed out gets no more news. Any
 * session's end drops the subscriptions it made (push_subscriptions.session_hash cascades);
 * those of before sessions were recorded on them go here too.
 */
export async function endAllSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** A session past its lifetime or unused for `idleMinutes`: over, whatever else its row says. */
function sessionOver(idleMinutes: number) {
  return or(
    lt(sessions.expiresAt, sql`now()`),
    lt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
  )!;
}

/**
 * The session row in the statement is open: neither past its lifetime nor idle too long. What
 * something kept for a session checks when the purge has not removed it yet (a push about to
 * be sent to the browser that session subscribed).
 */
export function sessionStillOpen(idleMinutes: number) {
  return not(sessionOver(idleMinutes));
}

export async function purgeStaleSessions(db: Executor, idleMinutes: number): Promise<void> {
  await db.delete(sessions).where(sessionOver(idleMinutes));
}

/**
 * Whether the session `sessionHash` names is still open, as read now (not through the read
 * cache): what something held open by it (the bell's event stream) checks.
 */
export async function sessionIsOpen(
  db: Executor,
  sessionHash: string,
  idleMinutes: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(sessions)
    .where(and(eq(sessions.idHash, sessionHash), sessionStillOpen(idleMinutes)));
  return row !== undefined;
}
