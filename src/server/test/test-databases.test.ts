import { describe, expect, inject, it } from 'vitest';
import { pgliteForTestFile } from './test-databases';

// What the server project's files rely on when a worker's database serves its next file
// (decision 0025): it comes back as the template is, or not at all.
describe.skipIf(!inject('reuseTestDatabases') || !inject('pgliteTemplateDir'))(
  'a worker’s database between its files',
  () => {
    it('comes back with the template’s rows only, and nothing of the last file’s session', async () => {
      const first = await pgliteForTestFile();
      const templateRows = await first.client.query('select * from listed_mentor_count');
      await first.client.exec(`
        insert into universities (id, name) values ('reuse-u', '再利用大学');
        update listed_mentor_count set total = total + 41;
        analyze universities;
        set statement_timeout = 1234;
        create temporary table scratch (n int);
      `);
      await first.client.query('prepare kept as select 1');
      await first.client.query('select pg_advisory_lock(42)');
      await first.release();

      const next = await pgliteForTestFile();
      try {
        expect(next.client).toBe(first.client);
        const count = async (text: string) =>
          (await next.client.query<{ n: number }>(text)).rows[0]!.n;
        expect(await count('select count(*)::int as n from universities')).toBe(0);
        expect((await next.client.query('select * from listed_mentor_count')).rows).toEqual(
          templateRows.rows,
        );
        expect(await count('select count(*)::int as n from pg_prepared_statements')).toBe(0);
        expect(
          await count(`select count(*)::int as n from pg_locks where locktype = 'advisory'`),
        ).toBe(0);
        expect(
          await count(`select count(*)::int as n from pg_statistic
            where starelid = 'universities'::regclass`),
        ).toBe(0);
        expect(
          await count(`select count(*)::int as n from pg_class where relname = 'scratch'`),
        ).toBe(0);
        expect((await next.client.query('show statement_timeout')).rows).toEqual([
          { statement_timeout: '0' },
        ]);
      } finally {
        await next.release();
      }
    });

    it('is made afresh after a file changed more than rows', async () => {
      const first = await pgliteForTestFile();
      await first.client.exec('alter table universities add column extra int');
      await first.release();

      const next = await pgliteForTestFile();
      try {
        expect(next.client).not.toBe(first.client);
        expect(first.client.closed).toBe(true);
        const { rows } = await next.client.query(
          `select 1 from information_schema.columns
           where table_name = 'universities' and column_name = 'extra'`,
        );
        expect(rows).toEqual([]);
      } finally {
        await next.release();
      }
    });

    it('is made afresh after a file closed it, or left a transaction open', async () => {
      const closed = await pgliteForTestFile();
      await closed.client.close();
      await closed.release();
      const second = await pgliteForTestFile();
      expect(second.client).not.toBe(closed.client);
      expect(second.client.closed).toBe(false);

      await second.client.exec(
        "begin; insert into universities (id, name) values ('open-u', '開いた大学')",
      );
      await second.release();
      const third = await pgliteForTestFile();
      try {
        const { rows } = await third.client.query('select id from universities');
        expect(rows).toEqual([]);
      } finally {
        await third.release();
      }
    });
  },
);
