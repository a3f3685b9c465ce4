import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import { REPORT_MAIL_INTERVAL_MINUTES } from '../../shared/constants';
import type { Database } from '../db/client';
import { lockName } from '../db/locks';
import { userReports, users } from '../db/schema';
import { mailLinks } from '../mail/mail-context';
import { tell } from '../notifications';
import { newReportsMail } from '../mail/templates';

/**
 * New reports reach the admins by mail, gathered (docs/PRODUCT.md §8): every active admin gets
 * at most one mail in REPORT_MAIL_INTERVAL_MINUTES, saying how many reports are new and linking
 * to the console; never who or why (a mail box is read in more places than the console).
 *
 * Runs after each report and every minute in every app process. The whole decision, from
 * reading when the admins were last mailed to marking the gathered reports, holds one advisory
 * lock: a second process waits, then sees those reports mailed and the interval started, so no
 * gathering is sent twice; a report committed meanwhile is left for the next pass, not lost.
 */

const LOCK = 'report-mail';

/** Mails the admins if reports wait and the interval has passed; returns how many mails were queued. */
export async function mailNewReports(db: Database, now = new Date()): Promise<number> {
  // Cheap look without the lock: most passes find nothing new.
  const [waiting] = await db
    .select({ n: count() })
    .from(userReports)
    .where(isNull(userReports.adminsMailedAt));
  if (!waiting?.n) return 0;
  return db.transaction(async (tx) => {
    await lockName(tx, LOCK);
    const [last] = await tx.select({ at: max(userReports.adminsMailedAt) }).from(userReports);
    const intervalStart = new Date(now.getTime() - REPORT_MAIL_INTERVAL_MINUTES * 60_000);
    if (last?.at && last.at > intervalStart) return 0;
    const gathered = await tx
      .update(userReports)
      .set({ adminsMailedAt: now })
      .where(isNull(userReports.adminsMailedAt))
      .returning({ id: userReports.id });
    if (gathered.length === 0) return 0;
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)))
      .orderBy(asc(users.email));
    const link = mailLinks(tx).openReports();
    for (const admin of admins)
      await tell(tx, {
        userId: admin.id,
        kind: 'newReports',
        mail: (recipient) => newReportsMail(link, gathered.length, recipient),
      });
    return admins.length;
  });
}
