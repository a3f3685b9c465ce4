import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client';
import {
  outbox,
  previousReleaseMailOutbox,
  previousReleasePushOutbox,
  pushSubscriptions,
} from '../db/schema';
import { sha256 } from '../lib/secrets';
import { createQuietTestApp, type TestApp } from '../test/app';
import { cookieFor } from '../test/factories/mentors';
import { newMentor } from '../test/factories/visits';

/**
 * The release after the one outbox stops reading mail_outbox and push_outbox (decision 0034);
 * migration 0037 moves what the previous release's processes had not moved yet, so no mail or
 * push queued before the upgrade is lost.
 */

const MIGRATION = '0037_last_rows_of_the_previous_outboxes.sql';

let t: TestApp;
beforeAll(async () => {
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function runTheMigrationAgain() {
  const text = readFileSync(path.join(MIGRATIONS_DIR, MIGRATION), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    await t.app.ctx.db.execute(sql.raw(statement));
  }
}

describe('migration 0037', () => {
  it("moves every row left in the previous release's outboxes into the one outbox, once, and sends it", async () => {
    const db = t.app.ctx.db;
    const mentor = await newMentor(t.app);
    const cookie = await cookieFor(t.app, mentor.id);
    const [subscription] = await db
      .insert(pushSubscriptions)
      .values({
        userId: mentor.id,
        sessionHash: sha256(cookie.slice(cookie.indexOf('=') + 1)),
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
        p256dh: 'key',
        auth: 'auth',
      })
      .returning({ id: pushSubscriptions.id });
    const subscriptionId = subscription!.id;
    const mail = await db
      .insert(previousReleaseMailOutbox)
      .values([
        {
          to: 'hanako@example.ac.jp',
          subject: 'waiting for its retry',
          text: '本文 https://example.test/a',
          html: '<p>本文</p>',
          links: ['https://example.test/a'],
          attempts: 2,
          nextAttemptAt: new Date(Date.now() + 60_000),
        },
        {
          to: 'hanako@example.ac.jp',
          subject: 'due',
          text: '本文',
          html: '<p>本文</p>',
          links: [],
        },
      ])
      .returning({ id: previousReleaseMailOutbox.id });
    const push = await db
      .insert(previousReleasePushOutbox)
      .values({ subscriptionId, title: 'waiting', url: '/visit-requests/a' })
      .returning({ id: previousReleasePushOutbox.id });

    await runTheMigrationAgain();
    await runTheMigrationAgain();

    const ids = [...mail, ...push].map((row) => row.id);
    const moved = await db.select().from(outbox).where(inArray(outbox.id, ids));
    const byId = new Map(moved.map((row) => [row.id, row]));
    expect(moved).toHaveLength(3);
    expect(byId.get(mail[0]!.id)).toMatchObject({
      channel: 'mail',
      status: 'pending',
      attempts: 2,
      subject: 'waiting for its retry',
      links: ['https://example.test/a'],
    });
    expect(byId.get(push[0]!.id)).toMatchObject({
      channel: 'push',
      subscriptionId,
      to: subscriptionId,
      subject: 'waiting',
      text: '/visit-requests/a',
    });
    expect(await db.select().from(previousReleaseMailOutbox)).toEqual([]);
    expect(await db.select().from(previousReleasePushOutbox)).toEqual([]);

    await t.app.ctx.outbox.drain('mail');
    const [due] = await db
      .select({ status: outbox.status })
      .from(outbox)
      .where(inArray(outbox.id, [mail[1]!.id]));
    expect(due?.status).toBe('sent');
  });
});
