import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './pglite-statements';

let raw: PGlite;
let client: PGlite;

beforeEach(async () => {
  raw = await PGlite.create();
  await raw.exec(`
    create table notes (
      id uuid primary key default gen_random_uuid(),
      title text not null unique,
      tags text[] not null default '{}',
      data jsonb,
      done boolean not null default false,
      due timestamptz,
      size int
    );
  `);
  client = withStatementCache(raw, { capacity: 3 });
});

afterEach(async () => {
  await raw.close();
});

async function preparedStatements(): Promise<string[]> {
  const { rows } = await raw.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by statement',
  );
  return rows.map((row) => row.statement);
}

const INSERT =
  'insert into notes (title, tags, data, done, due, size) values ($1, $2, $3, $4, $5, $6) returning id, title, tags, data, done, due, size';
const BY_TITLE = 'select title, tags, data, done, due, size from notes where title = $1';

describe('PGlite statement cache', () => {
  it('prepares a data statement the second time it is sent, and answers as PGlite does', async () => {
    const due = new Date('2026-11-26T03:00:00.000Z');
    const values = ['一', ['a', 'b,c', '"q"'], { k: ['日本語', 1] }, true, due, 7];
    await client.query(INSERT, values);
    expect(await preparedStatements()).toEqual([]);
    await client.query(INSERT, ['二', [], null, false, null, null]);
    expect(await preparedStatements()).toEqual([INSERT]);

    for (const title of ['一', '二']) {
      const plain = await raw.query(BY_TITLE, [title]);
      const first = await client.query(BY_TITLE, [title]);
      const prepared = await client.query(BY_TITLE, [title]);
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.fields).toEqual(plain.fields);
      expect(first.rows).toEqual(plain.rows);
    }
    expect(await preparedStatements()).toContain(BY_TITLE);
    const [row] = (await client.query<{ tags: string[]; due: Date }>(BY_TITLE, ['一'])).rows;
    expect(row).toMatchObject({ tags: ['a', 'b,c', '"q"'], due, data: { k: ['日本語', 1] } });

    // Array mode, as drizzle reads rows, and the counts of a write.
    const arrays = await client.query(BY_TITLE, ['二'], { rowMode: 'array' });
    expect(arrays.rows).toEqual([['二', [], null, false, null, null]]);
    const update = 'update notes set size = $1 where title = $2';
    await client.query(update, [1, '一']);
    const updated = await client.query(update, [2, '一']);
    expect(updated.affectedRows).toBe(1);
  });

  it('reads with a query’s own parsers over the client’s, and leaves the client’s as they were', async () => {
    const due = new Date('2026-11-26T03:00:00.000Z');
    await client.query(INSERT, ['一', ['a'], null, true, due, 7]);
    // drizzle's way: its own parsers for timestamps, one object per statement.
    const asText = { parsers: { 1184: (value: string) => `text:${value}` } };
    for (let i = 0; i < 3; i++) {
      const { rows } = await client.query<{ due: unknown; tags: unknown; size: unknown }>(
        BY_TITLE,
        ['一'],
        i === 2 ? { parsers: { ...asText.parsers } } : asText,
      );
      expect(rows[0]).toMatchObject({
        due: expect.stringMatching(/^text:2026-11-26/),
        tags: ['a'],
      });
      expect(rows[0]!.size).toBe(7);
    }
    const [plain] = (await client.query<{ due: unknown }>(BY_TITLE, ['一'])).rows;
    expect(plain!.due).toEqual(due);
  });

  it('leaves SET, SAVEPOINT and DDL to PGlite, however often they come', async () => {
    for (let i = 0; i < 3; i++) {
      await client.query('set statement_timeout = 0');
      await client.query('create temporary table if not exists scratch (n int)');
    }
    expect(await preparedStatements()).toEqual([]);
  });

  it('keeps a failing statement’s error and code, and the statement works again after', async () => {
    const values = ['重複', [], null, false, null, null];
    await client.query(INSERT, values);
    await client.query(INSERT, ['別', [], null, false, null, null]);
    await expect(client.query(INSERT, values)).rejects.toMatchObject({ code: '23505' });
    // A broken rule says nothing about the statement: it stays prepared.
    expect(await preparedStatements()).toEqual([INSERT]);
    const again = await client.query(INSERT, ['もう一つ', [], null, false, null, null]);
    expect(again.rows).toHaveLength(1);
    const { rows } = await raw.query('select count(*)::int as n from notes');
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('runs inside a transaction, whose rollback undoes prepared writes', async () => {
    await client.query(INSERT, ['前', [], null, false, null, null]);
    await client.query(INSERT, ['前2', [], null, false, null, null]);
    await expect(
      client.transaction(async (tx) => {
        await tx.query(INSERT, ['中', [], null, false, null, null]);
        expect((await tx.query(BY_TITLE, ['中'])).rows).toHaveLength(1);
        expect((await tx.query(BY_TITLE, ['中'])).rows).toHaveLength(1);
        await tx.query(INSERT, ['前', [], null, false, null, null]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query(BY_TITLE, ['中'])).rows).toHaveLength(0);
    const kept = await client.transaction(async (tx) => {
      await tx.query(INSERT, ['後', [], null, false, null, null]);
      return (await tx.query(BY_TITLE, ['後'])).rows;
    });
    expect(kept).toHaveLength(1);
    expect((await client.query(BY_TITLE, ['後'])).rows).toHaveLength(1);
  });

  it('refuses a transaction’s statement once the transaction has ended, as PGlite does', async () => {
    await client.query(BY_TITLE, ['x']);
    await client.query(BY_TITLE, ['x']);
    let kept: Parameters<Parameters<PGlite['transaction']>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query(BY_TITLE, ['x'])).rejects.toThrow('Transaction is closed');
  });

  it('keeps at most its capacity, closing the least recently used', async () => {
    for (let size = 0; size < 6; size++) {
      const text = `select title from notes where size = $1 or ${size} = 0`;
      await client.query(text, [size]);
      await client.query(text, [size]);
    }
    await client.query(BY_TITLE, ['x']);
    await client.query(BY_TITLE, ['x']);
    const kept = await preparedStatements();
    expect(kept.length).toBeLessThanOrEqual(3);
    expect(kept).toContain(BY_TITLE);
    expect(kept).toContain('select title from notes where size = $1 or 5 = 0');
  });

  it('answers the new shape after the table changes under a prepared statement', async () => {
    const all = 'select * from notes order by title';
    await client.query(INSERT, ['形', [], null, false, null, 3]);
    await client.query(all);
    await client.query(all);
    await raw.exec('alter table notes add column extra text default $$x$$');
    const after = await client.query<Record<string, unknown>>(all);
    expect(after.rows[0]).toMatchObject({ title: '形', extra: 'x' });
  });

  it('takes turns with transactions and other queries sent at the same time', async () => {
    await client.query(INSERT, ['並0', [], null, false, null, 0]);
    const work = Array.from({ length: 40 }, (_, i) =>
      i % 5 === 0
        ? client.transaction(async (tx) => {
            await tx.query(INSERT, [`並${i}x`, [], null, false, null, i]);
            return (await tx.query(BY_TITLE, [`並${i}x`])).rows.length;
          })
        : client
            .query(INSERT, [`並${i}`, [], null, false, null, i])
            .then((result) => result.rows.length),
    );
    expect(await Promise.all(work)).toEqual(Array(40).fill(1));
    const { rows } = await raw.query('select count(*)::int as n from notes');
    expect(rows).toEqual([{ n: 41 }]);
  });
});
