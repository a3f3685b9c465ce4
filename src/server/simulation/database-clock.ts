import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';

/**
 * The database's side of the simulated clock (decision 0046). One row, `sim.clock`, holds the
 * offset every process runs at, so that a restarted process resumes where the others are.
 *
 * PostgreSQL's now() is its server's clock, so in simulation every connection's search path
 * is `public, sim, pg_catalog` (db/client.ts) and `sim.now()` (the real now() plus the offset)
 * answers each bare now() of the app's SQL; column defaults, bound to pg_catalog.now() when
 * they were made (shown as `pg_catalog.now()` under this search path, as `now()` under the
 * default one), are pointed at it too. PGlite runs inside the process, and its now() already
 * reads the process's (simulated) clock. None of this exists outside a simulation: main.ts
 * refuses SIMULATED_CLOCK in production.
 */
export const SIMULATION_SEARCH_PATH = 'public,sim,pg_catalog';

/** Makes the clock's row and function (run under the start-up lock); answers the offset to run at. */
export async function installDatabaseClock(
  db: Database,
  kind: DatabaseHandle['kind'],
  wantedOffsetMs: number,
): Promise<number> {
  await db.execute(sql`create schema if not exists sim`);
  await db.execute(sql`
    create table if not exists sim.clock (
      one boolean primary key default true check (one),
      offset_ms bigint not null
    )`);
  if (kind === 'postgres') {
    await db.execute(sql`
      create or replace function sim.now() returns timestamptz language sql stable as $$
        select pg_catalog.now() + (select offset_ms from sim.clock) * interval '1 millisecond'
      $$`);
    const columns = (await db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_default in ('now()', 'pg_catalog.now()')`)) as unknown as {
      rows: { table_name: string; column_name: string }[];
    };
    for (const { table_name, column_name } of columns.rows) {
      await db.execute(
        sql`alter table ${sql.identifier(table_name)} alter column ${sql.identifier(column_name)} set default sim.now()`,
      );
    }
  }
  return advanceDatabaseClock(db, wantedOffsetMs);
}

/** Moves the database's clock forward to `offsetMs` (never back); answers the offset it runs at. */
export async function advanceDatabaseClock(db: Database, offsetMs: number): Promise<number> {
  const result = (await db.execute(sql`
    insert into sim.clock (offset_ms) values (${Math.round(offsetMs)})
    on conflict (one) do update set offset_ms = greatest(sim.clock.offset_ms, excluded.offset_ms)
    returning offset_ms`)) as unknown as { rows: { offset_ms: string | number }[] };
  return Number(result.rows[0]?.offset_ms);
}
