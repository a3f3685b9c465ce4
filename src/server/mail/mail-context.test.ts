import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { issueSignInMail } from '../credentials/sign-in-links';
import { outbox } from '../db/schema';
import { createTestApp, insertUser, TEST_ORIGIN, type TestApp } from '../test/app';
import { enqueueMail } from './outbox';

/**
 * The mail layer wakes its worker by itself once the transaction that queued mail committed,
 * and makes its links on the app's origin: no route wakes it, no service carries the origin.
 * The app is built without background jobs, so nothing polls the outbox here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Whatever an earlier test set going is done before the worker is watched.
  await t.app.ctx.outbox.drain();
  vi.restoreAllMocks();
});

function mailTo(to: string) {
  return { to, subject: '確認', text: 'テスト', html: '<p>テスト</p>' };
}

async function statusesTo(to: string) {
  const rows = await t.app.ctx.db
    .select({ status: outbox.status })
    .from(outbox)
    .where(eq(outbox.to, to));
  return rows.map((row) => row.status);
}

async function expectSent(to: string) {
  await vi.waitFor(async () => expect(await statusesTo(to)).toEqual(['sent']), {
    timeout: 10_000,
    interval: 20,
  });
}

describe('mail queued in a transaction', () => {
  it('is sent once the transaction commits, without anyone waking the worker', async () => {
    await t.app.ctx.db.transaction(async (tx) => {
      await enqueueMail(tx, mailTo('committed@example.com'));
    });
    await expectSent('committed@example.com');
  });

  it('wakes the worker after the commit, not before', async () => {
    const kick = vi.spyOn(t.app.ctx.outbox, 'kick');
    await t.app.ctx.db.transaction(async (tx) => {
      await enqueueMail(tx, mailTo('after-commit@example.com'));
      expect(kick).not.toHaveBeenCalled();
    });
    expect(kick).toHaveBeenCalledTimes(1);
    await expectSent('after-commit@example.com');
  });

  it('is never sent and wakes nothing when the transaction rolls back', async () => {
    const kick = vi.spyOn(t.app.ctx.outbox, 'kick');
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await enqueueMail(tx, mailTo('rolled-back@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(kick).not.toHaveBeenCalled();
    expect(await t.app.ctx.outbox.drain()).toBe(0);
    expect(await statusesTo('rolled-back@example.com')).toEqual([]);
  });

  it('wakes nothing for a transaction that queued no mail', async () => {
    const kick = vi.spyOn(t.app.ctx.outbox, 'kick');
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.select().from(outbox).limit(1);
    });
    expect(kick).not.toHaveBeenCalled();
  });

  it('is sent for a service that queues it in its caller’s transaction, with the link on the app’s origin', async () => {
    const user = await insertUser(t.app, { email: 'service@example.com', role: 'student' });
    await t.app.ctx.db.transaction(async (tx) => {
      await issueSignInMail(tx, {
        email: user.email,
        userId: user.id,
        browserHash: 'binding',
      });
    });
    await expectSent(user.email);
    const [mail] = await t.app.ctx.db
      .select({ links: outbox.links })
      .from(outbox)
      .where(eq(outbox.to, user.email));
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]!.startsWith(`${TEST_ORIGIN}/auth/verify-email?token=`)).toBe(true);
  });
});

describe('mail queued outside a transaction', () => {
  it('is sent at once: its statement committed it', async () => {
    await enqueueMail(t.app.ctx.db, mailTo('no-transaction@example.com'));
    await expectSent('no-transaction@example.com');
  });
});
