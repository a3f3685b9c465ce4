import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mentors, users } from '../../db/schema';
import { EXPORT_BATCH_SIZE } from '../../lib/download';
import { auditEntries, insertAdmin } from '../../test/factories/admins';
import { insertMentorsInBulk } from '../../test/factories/mentors';
import { createTestApp, type TestApp } from '../../test/app';
import { exportBatches } from './service';

/**
 * The alumni export at 10,000 alumni is written as it is read (issue 39): a batch of rows at a
 * time, the next read only once the client has taken the last, so the server never holds more
 * than one batch of rows whatever the size of the file or the speed of the client.
 */
const ALUMNI = 10_000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'streaming-admin@example.com');
  // Seven alumni share each registration time, and the times carry microseconds: a batch's
  // key that lost either (a JavaScript Date, the time without the id) would skip or repeat rows.
  await insertMentorsInBulk(
    t.app,
    ALUMNI,
    sql`timestamptz '2020-01-01 00:00:00+00' + (i / 7) * interval '1.000001 second'`,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The alumni's login addresses in the file's order (registration, then id), as stored. */
async function addressesInOrder(): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ email: users.email })
    .from(mentors)
    .innerJoin(users, eq(users.id, mentors.userId))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => row.email);
}

describe('the alumni export at 10,000 alumni', () => {
  it('streams its rows a batch at a time to a slow client, holding at most one batch of rows', async () => {
    const readBatch = exportBatches.mentors;
    const batchSizes: number[] = [];
    let reading = 0;
    let mostReadingAtOnce = 0;
    let rowsRead = 0;
    let rowsTaken = 0;
    let mostRowsHeld = 0;
    const spy = vi.spyOn(exportBatches, 'mentors').mockImplementation(async (...args) => {
      reading += 1;
      mostReadingAtOnce = Math.max(mostReadingAtOnce, reading);
      const rows = await readBatch(...args);
      reading -= 1;
      batchSizes.push(rows.length);
      rowsRead += rows.length;
      // Rows read from the database that the client has not yet received.
      mostRowsHeld = Math.max(mostRowsHeld, rowsRead - rowsTaken);
      return rows;
    });
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/export/mentors.csv',
        headers: { cookie: admin.cookie },
        payloadAsStream: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-length']).toBeUndefined();

      // A slow client: it takes a chunk, then waits before reading on; after the first it
      // waits long enough for an export that did not wait for it to read many batches.
      const body = response.stream();
      const chunks: Buffer[] = [];
      let readsAfterFirstChunk: number | undefined;
      await new Promise<void>((resolve, reject) => {
        body.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          rowsTaken += chunk.toString('latin1').split('\r\n').length - 1;
          body.pause();
          const first = chunks.length === 1;
          void sleep(first ? 300 : 2).then(() => {
            if (first) readsAfterFirstChunk = spy.mock.calls.length;
            body.resume();
          });
        });
        body.on('end', resolve);
        body.on('error', reject);
      });

      // Waiting for the client: while it held the first chunk, at most the next batch was read.
      expect(readsAfterFirstChunk).toBeLessThanOrEqual(2);
      // One batch at a time, none larger than the batch size, none held beside the next.
      expect(mostReadingAtOnce).toBe(1);
      expect(Math.max(...batchSizes)).toBeLessThanOrEqual(EXPORT_BATCH_SIZE);
      expect(batchSizes.length).toBeGreaterThanOrEqual(ALUMNI / EXPORT_BATCH_SIZE);
      expect(mostRowsHeld).toBeLessThanOrEqual(EXPORT_BATCH_SIZE);

      // And the file is whole: the header, then every alumna once, in registration order.
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text.startsWith('\uFEFF氏名,ログインメールアドレス,')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines).toHaveLength(ALUMNI + 2);
      expect(lines.at(-1)).toBe('');
      const addresses = lines.slice(1, -1).map((line) => line.split(',')[1]);
      expect(addresses).toEqual(await addressesInOrder());
      // The first registration time's seven, in id order; each cell as the file writes it.
      expect(lines[1]).toMatch(
        /^卒業生 og-bulk-\d+-[0-6],og-bulk-\d+-[0-6]@example\.com,og-bulk-\d+-[0-6]@example\.com,OG,早稲田大学,2015,IT・通信 - ソフトウェア,株式会社バルク,よろしくお願いします。,利用中,2020-01-01 09:00,$/,
      );
    } finally {
      spy.mockRestore();
    }

    const [entry] = await auditEntries(t.app, 'admin.export.mentors');
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { rows: ALUMNI } });
  });
});
