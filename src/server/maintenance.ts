import { lt, sql } from 'drizzle-orm';
import { purgeExpiredBindings } from './credentials/browser-binding';
import { purgeStaleSessions } from './credentials/sessions';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { expireDueInvitations } from './invitations';
import { tokyoHourOf } from './lib/tokyo-time';
import { pendingRegistrations, rateLimitHits, signInTokens } from './db/schema';
import { mailUnconfirmedContactLinks } from './mentors';
import { purgeOldMail } from './mail/outbox';
import { purgeExpiredSafetyRecords } from './safety';
import { purgeRetiredIcons } from './storage';
import { rollOverGradesIfDue } from './students';

const HOUR = 60 * 60 * 1000;

/** Hourly clean-up of what has expired; safe to run in several processes at once. */
export async function runMaintenance(ctx: AppContext): Promise<void> {
  await purgeStaleSessions(ctx.db, ctx.config.sessionIdleMinutes);
  await expireDueInvitations(ctx.db);
  await ctx.db
    .delete(signInTokens)
    .where(lt(signInTokens.expiresAt, sql`now() - interval '1 day'`));
  // Expired registrations no longer block their address (24 h) nor serve a link.
  await ctx.db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, sql`now()`));
  await ctx.db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, sql`now() - interval '1 day'`));
  await purgeExpiredBindings(ctx.db);
  // No sign-in link, code or invitation URL stays readable in the outbox.
  await ctx.outbox.redactDue();
  // The mail log (addressee, subject, status) once MAIL_LOG_DAYS have passed.
  await purgeOldMail(ctx.db);
  // Resolved reports and cleared holds, past the retention period.
  await purgeExpiredSafetyRecords(ctx.db);
  // Replaced icons, once no page read before the change can still need them.
  await purgeRetiredIcons(ctx.db);
  // Contact addresses saved before they were confirmed: each alumna's link, once (0021).
  await mailUnconfirmedContactLinks(ctx.db);
  // On April 1 (Japan time), every student one grade up (once per school year).
  await rollOverGradesIfDue(ctx.db);
}

/** When PGlite's tables are vacuumed: 4 a.m. Japan time, the seminar's quietest hour. */
const VACUUM_HOUR_TOKYO = 4;

/**
 * PGlite's daily VACUUM (db/vacuum.ts): the hourly run that falls in the vacuum hour does it,
 * so once a day (a restart within that hour does it twice, which costs only the time).
 * PostgreSQL vacuums by itself (autovacuum), and its handle has no vacuumEmbedded.
 */
export async function vacuumIfDue(
  database: Pick<DatabaseHandle, 'vacuumEmbedded'>,
  now = new Date(),
): Promise<boolean> {
  if (!database.vacuumEmbedded || tokyoHourOf(now) !== VACUUM_HOUR_TOKYO) return false;
  await database.vacuumEmbedded();
  return true;
}

/**
 * One hour's maintenance: the clean-up, then the vacuum if this is its hour. The hourly timer
 * runs it, and so does each tick of the simulated year (simulation/service.ts).
 */
export async function maintainOnce(
  ctx: AppContext,
  database: Pick<DatabaseHandle, 'vacuumEmbedded'>,
): Promise<{ vacuumed: boolean }> {
  await runMaintenance(ctx);
  return { vacuumed: await vacuumIfDue(database) };
}

export function startMaintenance(
  ctx: AppContext,
  database: Pick<DatabaseHandle, 'vacuumEmbedded'>,
): () => void {
  const run = () =>
    maintainOnce(ctx, database).catch((error: unknown) =>
      ctx.logger.warn({ err: error }, 'maintenance failed'),
    );
  const timer = setInterval(run, HOUR);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
