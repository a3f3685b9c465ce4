import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { keysetBatches, sendDownload } from './download';

/** Rows 0…n-1 keyed by their number, read as a database would: after a key, up to a limit. */
function table(n: number) {
  const reads: { after: number | undefined; limit: number }[] = [];
  const read = async (after: number | undefined, limit: number) => {
    reads.push({ after, limit });
    const from = after === undefined ? 0 : after + 1;
    return Array.from({ length: Math.max(0, Math.min(limit, n - from)) }, (_, k) => from + k);
  };
  return { read, reads };
}

async function all<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const seen: T[][] = [];
  for await (const batch of batches) seen.push(batch);
  return seen;
}

describe('keysetBatches', () => {
  it('reads each batch after the last key and stops at the first short one', async () => {
    const { read, reads } = table(7);
    expect(await all(keysetBatches(read, (row) => row, { limit: 3 }))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6],
    ]);
    expect(reads).toEqual([
      { after: undefined, limit: 3 },
      { after: 2, limit: 3 },
      { after: 5, limit: 3 },
    ]);
  });

  it('asks once more after a full last batch, and yields nothing for no rows', async () => {
    const six = table(6);
    expect(await all(keysetBatches(six.read, (row) => row, { limit: 3 }))).toHaveLength(2);
    expect(six.reads.map((r) => r.after)).toEqual([undefined, 2, 5]);
    expect(await all(keysetBatches(table(0).read, (row) => row, { limit: 3 }))).toEqual([]);
  });

  it('drops the rows it is told to after taking the key, and goes on after a batch of none', async () => {
    const { read } = table(8);
    const even = (row: number): row is number => row % 2 === 0 && row !== 2 && row !== 4;
    // 0 1 2 | 3 4 5 | 6 7: the second batch keeps nothing, the third goes on from its key.
    expect(await all(keysetBatches(read, (row) => row, { limit: 3, keep: even }))).toEqual([
      [0],
      [6],
    ]);
  });

  it('reads the next batch only when the last one was taken', async () => {
    const { read, reads } = table(10);
    const batches = keysetBatches(read, (row) => row, { limit: 3 });
    await batches.next();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toHaveLength(1);
    await batches.return(undefined);
    expect(reads).toHaveLength(1);
  });
});

/** A bare Fastify serving one streamed download, its error log kept. */
async function serving(chunks: () => AsyncIterable<string>) {
  const logs: { msg: string; filename?: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(line: Buffer, _encoding, done) {
      logs.push(JSON.parse(line.toString()));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  app.get('/file.csv', async (_request, reply) =>
    sendDownload(reply, { filename: 'file.csv', contentType: 'text/csv', body: chunks() }),
  );
  await app.ready();
  return { app, logs };
}

describe('sendDownload with a streamed body', () => {
  it('sends the chunks as one file, never cached', async () => {
    const { app } = await serving(async function* () {
      yield 'a,b\r\n';
      yield '1,2\r\n';
    });
    const response = await app.inject({ method: 'GET', url: '/file.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('a,b\r\n1,2\r\n');
    expect(response.headers).toMatchObject({
      'content-disposition': 'attachment; filename="file.csv"',
      'cache-control': 'no-store',
    });
    await app.close();
  });

  it('answers an error when the first chunk fails: nothing was sent yet', async () => {
    const { app } = await serving(async function* () {
      yield* [];
      throw new Error('database away');
    });
    const response = await app.inject({ method: 'GET', url: '/file.csv' });
    expect(response.statusCode).toBe(500);
    await app.close();
  });

  it('breaks the download off and logs it when a later chunk fails', async () => {
    const { app, logs } = await serving(async function* () {
      yield 'a,b\r\n';
      throw new Error('database away');
    });
    await expect(app.inject({ method: 'GET', url: '/file.csv' })).rejects.toThrow();
    expect(logs).toContainEqual(
      expect.objectContaining({
        msg: 'download cut short by an error',
        filename: 'file.csv',
        err: expect.objectContaining({ message: 'database away' }),
      }),
    );
    await app.close();
  });

  it('stops reading when the client goes away', async () => {
    let produced = 0;
    let closed = false;
    const { app } = await serving(async function* () {
      try {
        for (;;) {
          produced += 1;
          yield 'x'.repeat(64 * 1024);
        }
      } finally {
        closed = true;
      }
    });
    const controller = new AbortController();
    const response = await app.inject({
      method: 'GET',
      url: '/file.csv',
      payloadAsStream: true,
      signal: controller.signal,
    });
    const body = response.stream();
    body.on('error', () => {});
    await new Promise((resolve) => body.once('data', resolve));
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    expect(produced).toBeLessThanOrEqual(3);
    await app.close();
  });
});
