import { askGroupSessionSafeEnd, sendGroupSessionDayBefore } from './group-sessions';
import { refreshStaleNextSlots } from './booking';
import type { Database } from './db/client';
import { mailNewReports } from './safety';
import { mailUnreadMessages, runVisitTimers } from './visits';

/**
 * The site's timed work besides the hourly maintenance, named once: app.ts runs each pass on
 * its own interval, and the simulated year (decision 0046) runs them all once on each of its
 * ticks instead. Each pass is safe to run in several processes at once (its claims).
 */
export function timedPasses(db: Database) {
  return {
    // 座談会's 前日確認 and 「無事に終わりましたか」 ride with the visits' (the same moments, the
    // same exactly-once claim).
    visitTimers: async () =>
      (await runVisitTimers(db)) +
      (await sendGroupSessionDayBefore(db)) +
      (await askGroupSessionSafeEnd(db)),
    // The OG list's earliest slot of each alumna, worked out again once it can no longer be booked.
    nextSlots: () => refreshStaleNextSlots(db),
    threadMail: () => mailUnreadMessages(db),
    reportMail: () => mailNewReports(db),
  } satisfies Record<string, () => Promise<unknown>>;
}

export type TimedPasses = ReturnType<typeof timedPasses>;
