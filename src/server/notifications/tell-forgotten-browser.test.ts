import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, pushSubscriptions } from '../db/schema';
import { createQuietTestApp, type TestApp } from '../test/app';
import { insertRequest, newMentor, newStudent } from '../test/factories/visits';
import { tell } from './tell';
import { subscribedBrowser } from '../test/factories/push';

let t: TestApp;
beforeAll(async () => {
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Two connections are needed: PGlite has one, and nothing can come between. */
describe.runIf(process.env.TEST_DATABASE_URL)('a browser forgotten while she is told', () => {
  it('does not fail the change that told her: the forgetting waits for it', async () => {
    const db = t.app.ctx.db;
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const { id } = await insertRequest(t.app, student.id, mentor.id);
    const { subscriptionId } = await subscribedBrowser(t.app, mentor.id);
    let forgetting: Promise<unknown> | undefined;
    const told = await db.transaction((tx) =>
      tell(tx, {
        userId: mentor.id,
        kind: 'requested',
        facts: { visitRequestId: id, actorName: '山田' },
        // Between reading her browsers and writing their rows, another process forgets this
        // one (its push service answered 410) on its own connection.
        mail: async () => {
          forgetting = db
            .delete(pushSubscriptions)
            .where(eq(pushSubscriptions.id, subscriptionId))
            .execute(); // started now: a query builder runs only when awaited
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { subject: '件名', text: '本文', html: '<p>本文</p>' };
        },
      }),
    );
    await forgetting;
    expect(told.mailed).toBe(true);
    // The push row went with its browser; the mail stays.
    const rows = await db
      .select({ channel: outbox.channel })
      .from(outbox)
      .where(eq(outbox.to, mentor.email));
    expect(rows).toEqual([{ channel: 'mail' }]);
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)),
    ).toEqual([]);
  });
});
