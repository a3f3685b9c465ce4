import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * The files the console hands an admin (the member lists, the visits, the 訪問記録 archive):
 * personal data, so never cached and always an attachment. A short list is built whole (a
 * string); an export of every row is written as it is read, a batch at a time
 * (`keysetBatches`), so that a 10,000-alumni file costs the server one batch of rows and the
 * text on its way to the client, not the whole file (docs/PERFORMANCE.md, memory).
 */
export interface Download {
  filename: string;
  contentType: string;
  body: string | AsyncIterable<string>;
}

/** How many rows an export reads at a time: each batch is one short statement of its own. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Every row of an export in batches, by keyset: `read(after, limit)` reads at most `limit` rows
 * ordered by a unique key, strictly after the key `after` (undefined: from the first row), and
 * the next batch starts after the key of the last row read. Each batch is its own statement,
 * outside any transaction: on PGlite a transaction (or a cursor, which needs one) held while
 * the file travels to a slow client would hold the database's one session and stop every other
 * request. The next batch is read only when the consumer asks for it, so a client that reads
 * slowly holds the export, not the server's memory.
 *
 * What that means for consistency: the file is not one snapshot. A row changed while the
 * export runs appears as it is when its batch is read (one already written, as it was); a row
 * added or removed meanwhile is in the file if the export had not yet passed its place (new
 * accounts and visits come last in the exports' oldest-first order, so they usually are). The
 * exports' keys (a creation or visit time, then the id) never change, the order is by them and
 * each batch starts after the last key: no row is written twice and none that existed
 * throughout is skipped.
 */
export async function* keysetBatches<Row, Key, Kept extends Row = Row>(
  read: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  {
    limit = EXPORT_BATCH_SIZE,
    keep,
  }: {
    limit?: number;
    /**
     * The rows the file holds, when a batch reads more (a member without a profile, whose key
     * still counts): the others are dropped once the batch's last key is taken.
     */
    keep?: (row: Row) => row is Kept;
  } = {},
): AsyncGenerator<Kept[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await read(after, limit);
    const last = rows.at(-1);
    if (last === undefined) return;
    after = keyOf(last);
    const batch = keep ? rows.filter(keep) : (rows as Kept[]);
    if (batch.length > 0) yield batch;
    if (rows.length < limit) return;
  }
}

/**
 * Sends a download. A streamed body is pulled a chunk at a time: the next chunk (and with it
 * the next batch of rows) is produced only once the reply has taken the last one (no read-ahead
 * buffer: highWaterMark 0), and the reply waits for the client (back-pressure), so the server
 * holds at most one batch of rows and the text of one chunk on its way out.
 *
 * A failure before the first chunk is an error answer like any other. After it the status and
 * headers are sent: the failure is logged, and the reply destroyed, so the client sees the
 * download break off rather than a file that looks complete.
 */
export function sendDownload(reply: FastifyReply, download: Download) {
  void reply
    .header('content-type', download.contentType)
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'no-store');
  if (typeof download.body === 'string') return reply.send(download.body);
  return reply.send(pulled(loggedWhenCut(download.body, reply, download.filename)));
}

/**
 * A stream that asks for the next chunk only when its reader wants one, and holds none ahead.
 * (`Readable.from` reads one chunk ahead of a reader that stopped: one more batch of rows.)
 * When the reply goes away first (the client left), the chunks are closed, and with them the
 * reading of batches.
 */
function pulled(chunks: AsyncIterable<string>): Readable {
  const iterator = chunks[Symbol.asyncIterator]();
  return new Readable({
    highWaterMark: 0,
    read() {
      iterator.next().then(
        ({ value, done }) => this.push(done ? null : value),
        (error: Error) => this.destroy(error),
      );
    },
    destroy(error, callback) {
      Promise.resolve(iterator.return?.()).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}

/** The chunks as they are, with a log line naming the file when it breaks off after its start. */
async function* loggedWhenCut(
  chunks: AsyncIterable<string>,
  reply: FastifyReply,
  filename: string,
): AsyncGenerator<string> {
  let started = false;
  try {
    for await (const chunk of chunks) {
      started = true;
      yield chunk;
    }
  } catch (error) {
    // Fastify then destroys the reply (and warns that it ended with headers sent).
    if (started) reply.log.error({ err: error, filename }, 'download cut short by an error');
    throw error;
  }
}
