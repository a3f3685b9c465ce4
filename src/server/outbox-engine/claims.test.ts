import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../db/schema';
import { queueOutbox } from '../outbox/queue';
import { createQuietTestApp, type TestApp } from '../test/app';
import { claimDue, finishRow, retryRowLater } from './claims';

/**
 * A process that stalled past its lease (a long GC pause, a frozen VM) comes back to a row that
 * another process claimed since: its late failure must not undo what the other did.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** One mail, claimed twice: first by a process whose lease then ran out, then by another. */
async function claimedTwice() {
  const to = `${crypto.randomUUID()}@example.com`;
  const db = t.app.ctx.db;
  await queueOutbox(db, [
    { channel: 'mail', to, subject: '件名', text: '本文', html: '', links: [] },
  ]);
  // A lease of no time: the row is due again at once, as after a stall past its lease.
  const [stalled] = (await claimDue(db, 'mail', 100, 0)).filter((row) => row.to === to);
  const [other] = (await claimDue(db, 'mail', 100, 60_000)).filter((row) => row.to === to);
  expect(other?.id).toBe(stalled?.id);
  const read = async () => (await db.select().from(outbox).where(eq(outbox.to, to)))[0];
  return { stalled: stalled!, other: other!, read };
}

describe('a claim that ran out', () => {
  it('does not mark failed a row another process sent', async () => {
    const { stalled, other, read } = await claimedTwice();
    await finishRow(t.app.ctx.db, other.id, { status: 'sent', sentAt: new Date(), attempts: 1 });
    await finishRow(
      t.app.ctx.db,
      stalled.id,
      { status: 'failed', attempts: 1, lastError: 'timeout' },
      stalled.attempts,
    );
    expect(await read()).toMatchObject({ status: 'sent', lastError: null });
  });

  it('does not put back a row another process sent, nor count a try it did not make', async () => {
    const { stalled, other, read } = await claimedTwice();
    await finishRow(t.app.ctx.db, other.id, { status: 'sent', sentAt: new Date(), attempts: 1 });
    await retryRowLater(t.app.ctx.db, stalled.id, stalled.attempts, 0, 'timeout');
    expect(await read()).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('does not drop a row another process will try again', async () => {
    const { stalled, other, read } = await claimedTwice();
    await retryRowLater(t.app.ctx.db, other.id, other.attempts, 60_000, 'busy');
    await finishRow(t.app.ctx.db, stalled.id, false, stalled.attempts);
    expect(await read()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'busy' });
  });

  it('still writes its own failure while the row is as it claimed it', async () => {
    const { other, read } = await claimedTwice();
    await retryRowLater(t.app.ctx.db, other.id, other.attempts, 0, 'busy');
    expect(await read()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'busy' });
  });
});

describe('a retry', () => {
  // PGlite runs in the app's process and its now() is the app's clock: only a server has a
  // clock of its own for an app host's to drift from.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is due again by the database's clock, whatever the app host's clock says",
    async () => {
      const { other, read } = await claimedTwice();
      // The app host's clock a day ahead (a VM resumed without syncing its time).
      const skewed = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 24 * 60 * 60 * 1000);
      try {
        await retryRowLater(t.app.ctx.db, other.id, other.attempts, 30_000, 'busy');
      } finally {
        skewed.mockRestore();
      }
      const answer = (await t.app.ctx.db.execute(sql`select now() as now`)) as unknown as {
        rows: { now: string }[];
      };
      const now = answer.rows[0]!.now;
      const dueIn = (await read())!.nextAttemptAt.getTime() - new Date(now).getTime();
      expect(dueIn).toBeGreaterThan(25_000);
      expect(dueIn).toBeLessThan(35_000);
    },
  );
});
