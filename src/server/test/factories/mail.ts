import type { App } from '../../app';
import { outbox } from '../../db/schema';

type OutboxRow = typeof outbox.$inferInsert;

/** A mail row of the outbox as a test states it: only what the test is about, the rest plain. */
export function mailRow(fields: Partial<OutboxRow>): OutboxRow {
  return {
    channel: 'mail',
    to: 'someone@example.com',
    subject: '件名',
    text: '本文',
    html: '<p>本文</p>',
    links: [],
    ...fields,
  };
}

/** Writes mail rows straight into the outbox (as sent, failed or waiting) and answers their ids. */
export async function insertMail(app: App, ...rows: Partial<OutboxRow>[]): Promise<string[]> {
  const inserted = await app.ctx.db
    .insert(outbox)
    .values(rows.map(mailRow))
    .returning({ id: outbox.id });
  return inserted.map((row) => row.id);
}
