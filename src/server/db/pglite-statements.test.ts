import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/app';
import { copyPgliteTemplate } from '../test/test-databases';
import { openDatabase, PGLITE_EXTENSIONS } from './client';
import { withStatementCache } from './pglite-statements';
import { universities } from './schema';

let raw: PGlite;
let rawDir: string | undefined;

// One PGlite for the file: each new one runs initdb, seconds of CPU (a copy of the migrated test
// template, when there is one, only starts). Each test starts from the state a fresh one has:
// no prepared statements, temporary tables or settings; a new, empty notes.
beforeAll(async () => {
  rawDir = inject('pgliteTemplateDir') ? await copyPgliteTemplate() : undefined;
  raw = await PGlite.create(rawDir, { extensions: PGLITE_EXTENSIONS });
});

afterAll(async () => {
  await raw?.close();
  if (rawDir) await rm(rawDir, { recursive: true, force: true });
});

beforeEach(async () => {
  // Alone: DISCARD cannot run inside the implicit transaction of several statements.
  await raw.exec('discard all');
  await raw.exec(`
    drop table if exists notes;
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
/** Fails for 0 with an error that is no broken rule, so the cache cannot tell it from a bad statement. */
const DIVIDE = 'select 10 / $1 as quotient';

/** A row of `notes` with only a title and a size. */
const plainNote = (title: string, size: number | null = null) => [
  title,
  [],
  null,
  false,
  null,
  size,
];

/**
 * What the app relies on from the PGlite client it hands drizzle, with the statement cache on
 * and off (PGLITE_PREPARED): the same answers either way. The cache speaks PGlite's
 * protocol by hand, so a PGlite upgrade that breaks it fails here; the other way shows what
 * plain PGlite answers, and that the way out an operator has still works.
 */
describe.each([
  { cache: 'on', cached: true },
  { cache: 'off', cached: false },
])('what the app relies on from PGlite (statement cache $cache)', ({ cached }) => {
  let client: PGlite;

  beforeEach(() => {
    client = cached ? withStatementCache(raw, { capacity: 3 }) : raw;
  });

  /** The prepared statements the cache should have left: none while it is off. */
  async function expectPrepared(statements: string[]) {
    expect(await preparedStatements()).toEqual(cached ? statements : []);
  }

  it('answers every type of parameter the app sends with the same rows and types, each time', async () => {
    const due = new Date('2026-11-26T03:00:00.000Z');
    const inserted = [];
    // Sent once, then prepared, then run prepared: three ways of one statement.
    for (const values of [
      ['一', ['a', 'b,c', '"q"'], { k: ['日本語', 1], empty: null }, true, due, 7],
      ['二', [], null, false, null, null],
      ['三', ['x'], [1, 'two'], false, new Date('2027-01-01T00:00:00.000Z'), -3],
    ]) {
      inserted.push((await client.query(INSERT, values)).rows[0]);
    }
    const first = {
      title: '一',
      tags: ['a', 'b,c', '"q"'],
      data: { k: ['日本語', 1], empty: null },
      done: true,
      due,
      size: 7,
    };
    expect(inserted).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...first },
      {
        id: expect.any(String),
        title: '二',
        tags: [],
        data: null,
        done: false,
        due: null,
        size: null,
      },
      {
        id: expect.any(String),
        title: '三',
        tags: ['x'],
        data: [1, 'two'],
        done: false,
        due: new Date('2027-01-01T00:00:00.000Z'),
        size: -3,
      },
    ]);

    for (let i = 0; i < 3; i++) {
      const result = await client.query(BY_TITLE, ['一']);
      expect(result.rows).toEqual([first]);
      expect(result.fields).toEqual([
        { name: 'title', dataTypeID: 25 },
        { name: 'tags', dataTypeID: 1009 },
        { name: 'data', dataTypeID: 3802 },
        { name: 'done', dataTypeID: 16 },
        { name: 'due', dataTypeID: 1184 },
        { name: 'size', dataTypeID: 23 },
      ]);
      // Array mode, as drizzle reads rows.
      const arrays = await client.query(BY_TITLE, ['二'], { rowMode: 'array' });
      expect(arrays.rows).toEqual([['二', [], null, false, null, null]]);
    }

    // Every type in a condition: an array, a boolean, an int, a timestamp and a null.
    const filtered =
      'select title from notes where title = any($1) and done = $2 and coalesce(size, 0) > $3 and (due is null or due < $4) and $5::text is null order by title';
    for (let i = 0; i < 3; i++) {
      const { rows } = await client.query(filtered, [
        ['一', '二', '三'],
        false,
        -5,
        new Date('2026-12-01T00:00:00.000Z'),
        null,
      ]);
      expect(rows).toEqual([{ title: '二' }]);
    }

    // The counts of a write.
    const update = 'update notes set size = $1 where title = $2';
    for (const size of [1, 2, 3]) {
      const updated = await client.query(update, [size, '一']);
      expect(updated.affectedRows).toBe(1);
      expect(updated.rows).toEqual([]);
    }
    const none = await client.query(update, [4, 'ない']);
    expect(none.affectedRows).toBe(0);
  });

  it('gives drizzle the same rows both ways, transactions and savepoints included', async () => {
    const notes = pgTable('notes', {
      id: uuid('id').primaryKey().defaultRandom(),
      title: text('title').notNull(),
      tags: text('tags').array().notNull(),
      data: jsonb('data'),
      done: boolean('done').notNull(),
      due: timestamp('due', { withTimezone: true }),
      size: integer('size'),
    });
    const { db } = await openDatabase({ pglite: raw }, { statementCache: cached });
    const due = new Date('2026-11-26T03:00:00.000Z');
    const columns = {
      title: notes.title,
      tags: notes.tags,
      data: notes.data,
      done: notes.done,
      due: notes.due,
      size: notes.size,
    };
    for (const [title, size] of [
      ['一', 1],
      ['二', 2],
      ['三', 3],
    ] as const) {
      const [row] = await db
        .insert(notes)
        .values({ title, tags: [title, 'b,c'], data: { title }, done: size > 1, due, size })
        .returning(columns);
      expect(row).toEqual({
        title,
        tags: [title, 'b,c'],
        data: { title },
        done: size > 1,
        due,
        size,
      });
    }
    for (let i = 0; i < 3; i++) {
      const rows = await db
        .select(columns)
        .from(notes)
        .where(and(inArray(notes.title, ['一', '三']), eq(notes.done, i > 0)))
        .orderBy(asc(notes.title));
      expect(rows).toEqual(
        i > 0
          ? [{ title: '三', tags: ['三', 'b,c'], data: { title: '三' }, done: true, due, size: 3 }]
          : [
              {
                title: '一',
                tags: ['一', 'b,c'],
                data: { title: '一' },
                done: false,
                due,
                size: 1,
              },
            ],
      );
    }

    // A nested transaction is a savepoint: its rollback keeps the outer one's work.
    for (let i = 0; i < 3; i++) {
      await db.transaction(async (tx) => {
        await tx.insert(notes).values({ title: `外${i}`, tags: [], done: false });
        await expect(
          tx.transaction(async (inner) => {
            await inner.insert(notes).values({ title: `内${i}`, tags: [], done: false });
            await inner.insert(notes).values({ title: `外${i}`, tags: [], done: false });
          }),
        ).rejects.toMatchObject({ cause: { code: '23505' } });
        await tx.transaction(async (inner) => {
          await inner
            .update(notes)
            .set({ size: i })
            .where(eq(notes.title, `外${i}`));
        });
      });
    }
    const kept = await db
      .select({ title: notes.title, size: notes.size })
      .from(notes)
      .where(sql`${notes.title} like '外%' or ${notes.title} like '内%'`)
      .orderBy(asc(notes.title));
    expect(kept).toEqual([
      { title: '外0', size: 0 },
      { title: '外1', size: 1 },
      { title: '外2', size: 2 },
    ]);

    // The setting decides how they were sent, not what they answered.
    if (cached) expect((await preparedStatements()).length).toBeGreaterThan(0);
    else expect(await preparedStatements()).toEqual([]);
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

  it('keeps a failing statement’s error and code, and the statement works again after', async () => {
    const values = ['重複', [], null, false, null, null];
    await client.query(INSERT, values);
    await client.query(INSERT, ['別', [], null, false, null, null]);
    await expect(client.query(INSERT, values)).rejects.toMatchObject({ code: '23505' });
    // A broken rule says nothing about the statement: it stays prepared.
    await expectPrepared([INSERT]);
    const again = await client.query(INSERT, ['もう一つ', [], null, false, null, null]);
    expect(again.rows).toHaveLength(1);
    const { rows } = await raw.query('select count(*)::int as n from notes');
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('forgets a statement after another error, and the next call works, in a transaction or not', async () => {
    expect((await client.query(DIVIDE, [1])).rows).toEqual([{ quotient: 10 }]);
    expect((await client.query(DIVIDE, [2])).rows).toEqual([{ quotient: 5 }]);
    await expectPrepared([DIVIDE]);
    await expect(client.query(DIVIDE, [0])).rejects.toMatchObject({ code: '22012' });
    await expectPrepared([]);
    expect((await client.query(DIVIDE, [5])).rows).toEqual([{ quotient: 2 }]);
    expect((await client.query(DIVIDE, [10])).rows).toEqual([{ quotient: 1 }]);
    await expectPrepared([DIVIDE]);

    // Inside a transaction it is closed once the transaction is over.
    await expect(
      client.transaction(async (tx) => {
        expect((await tx.query(DIVIDE, [2])).rows).toEqual([{ quotient: 5 }]);
        await tx.query(DIVIDE, [0]);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    for (const divisor of [1, 2, 5]) {
      expect((await client.query(DIVIDE, [divisor])).rows).toEqual([{ quotient: 10 / divisor }]);
    }
    expect(await client.transaction(async (tx) => (await tx.query(DIVIDE, [10])).rows)).toEqual([
      { quotient: 1 },
    ]);
    await expectPrepared([DIVIDE]);
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

  it('rolls back to a savepoint: the work before it stays, prepared statements go on working', async () => {
    for (let i = 0; i < 3; i++) {
      await client.transaction(async (tx) => {
        await tx.query(INSERT, plainNote(`外${i}`, i));
        await tx.query('savepoint inner_work');
        await expect(tx.query(INSERT, plainNote(`外${i}`))).rejects.toMatchObject({
          code: '23505',
        });
        await tx.query('rollback to savepoint inner_work');
        await tx.query(INSERT, plainNote(`内${i}`, i));
        await tx.query('savepoint dropped_work');
        await tx.query(INSERT, plainNote(`捨${i}`, i));
        await tx.query('rollback to savepoint dropped_work');
        await tx.query('release savepoint inner_work');
        expect((await tx.query(BY_TITLE, [`捨${i}`])).rows).toEqual([]);
      });
    }
    const { rows } = await client.query<{ title: string }>(
      'select title from notes order by title',
    );
    expect(rows.map((row) => row.title)).toEqual(['内0', '内1', '内2', '外0', '外1', '外2']);
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

  it('answers the new shape after the table changes under a prepared statement', async () => {
    const all = 'select * from notes order by title';
    await client.query(INSERT, ['形', [], null, false, null, 3]);
    await client.query(all);
    await client.query(all);
    await raw.exec('alter table notes add column extra text default $$x$$');
    const after = await client.query<Record<string, unknown>>(all);
    expect(after.rows[0]).toMatchObject({ title: '形', extra: 'x' });
  });

  it('fails once at most when a column changes type under a statement, never answering the old type', async () => {
    const size = 'select size from notes where title = $1';
    await client.query(INSERT, plainNote('型', 3));
    for (let i = 0; i < 3; i++) {
      expect((await client.query(size, ['型'])).rows).toEqual([{ size: 3 }]);
    }
    await raw.exec('alter table notes alter column size type text');
    const answers: unknown[] = [];
    let errors = 0;
    // Inside a transaction first, where a changed statement cannot simply be sent again.
    for (let i = 0; i < 3; i++) {
      try {
        answers.push(await client.transaction(async (tx) => (await tx.query(size, ['型'])).rows));
      } catch {
        errors++;
      }
    }
    for (let i = 0; i < 3; i++) answers.push((await client.query(size, ['型'])).rows);
    expect(errors).toBeLessThanOrEqual(1);
    expect(answers).toEqual(Array(6 - errors).fill([{ size: '3' }]));
  });

  it('answers every statement right while more of them come than it keeps', async () => {
    const texts = Array.from(
      { length: 6 },
      (_, n) => `select title, size from notes where size = $1 or ${n} = -1 order by title`,
    );
    for (let n = 0; n < texts.length; n++) await client.query(INSERT, plainNote(`数${n}`, n));
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < texts.length; n++) {
        expect((await client.query(texts[n]!, [n])).rows).toEqual([{ title: `数${n}`, size: n }]);
      }
      // Inside a transaction too, where a statement pushed out is closed only after it.
      await client.transaction(async (tx) => {
        for (let n = texts.length - 1; n >= 0; n--) {
          expect((await tx.query(texts[n]!, [n])).rows).toEqual([{ title: `数${n}`, size: n }]);
        }
      });
    }
    // Those pushed out inside the transaction are closed with the next statement after it.
    expect((await client.query(texts[0]!, [0])).rows).toEqual([{ title: '数0', size: 0 }]);
    expect((await preparedStatements()).length).toBeLessThanOrEqual(cached ? 3 : 0);
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

/** How the cache itself works: which statements it prepares, and how many it keeps. */
describe('PGlite statement cache', () => {
  let client: PGlite;

  beforeEach(() => {
    client = withStatementCache(raw, { capacity: 3 });
  });

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

  it('leaves SET, SAVEPOINT and DDL to PGlite, however often they come', async () => {
    for (let i = 0; i < 3; i++) {
      await client.query('set statement_timeout = 0');
      await client.query('create temporary table if not exists scratch (n int)');
    }
    expect(await preparedStatements()).toEqual([]);
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
});

/** The setting reaches the database the server opens (app.ts), both ways. */
describe('PGLITE_PREPARED', () => {
  it.each([
    { setting: 'on', pgliteStatementCache: true },
    { setting: 'off', pgliteStatementCache: false },
  ])(
    '$setting: the server’s repeated statements are prepared only when on',
    async ({ pgliteStatementCache }) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'og-statement-cache-test-'));
      try {
        const template = inject('pgliteTemplateDir');
        if (template) await copyPgliteTemplate(path.join(dataDir, 'pgdata'));
        const app = await buildApp(testConfig({ dataDir, pgliteStatementCache }), {
          runBackgroundJobs: false,
          logger: false,
        });
        try {
          await app.ready();
          for (let i = 0; i < 3; i++) {
            expect((await app.ctx.db.select().from(universities)).length).toBeGreaterThan(0);
          }
          const { rows } = (await app.ctx.db.execute(
            sql`select count(*)::int as n from pg_prepared_statements`,
          )) as unknown as { rows: { n: number }[] };
          if (pgliteStatementCache) expect(rows[0]!.n).toBeGreaterThan(0);
          else expect(rows[0]!.n).toBe(0);
        } finally {
          await app.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
