import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';

/** What GET /healthz says of the database while it answers. */
export type DatabaseHealth = 'ok' | 'slow';

/**
 * A statement of this database waiting this long for a lock: requests are queued behind
 * something (a migration, a long transaction holding a table), while `select 1` still answers
 * at once. Once stalled this long a request is slow to anyone waiting for it.
 */
export const SLOW_LOCK_WAIT_MS = 1_000;
/** A probe not answered by then: the database, or this process's pool, is slow. */
export const SLOW_PROBE_MS = 1_000;

/**
 * The /healthz probe: rejects when the database has not answered within DATABASE_WAIT_MS (it
 * waits out a blip through db/retry.ts, as every statement does); 'slow' when it answers late
 * or some statement of this database has waited on a lock for SLOW_LOCK_WAIT_MS or more (advisory locks aside: processes starting together wait on one
 * while another migrates, which stalls no request). Calls made while a probe runs share it,
 * so a load balancer polling a slow database ties up one pool connection, not one per poll.
 */
export function databaseProbe(database: DatabaseHandle): () => Promise<DatabaseHealth> {
  let running: Promise<DatabaseHealth> | undefined;
  const probe = async (): Promise<DatabaseHealth> => {
    // pg_catalog's now(): query_start is the server's own clock, even in a simulated year.
    const result = (await database.db.execute(sql`
      select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and wait_event_type = 'Lock' and wait_event <> 'advisory'
         and query_start < pg_catalog.now() - ${SLOW_LOCK_WAIT_MS} * interval '1 millisecond'`)) as unknown as {
      rows: { waiting: number }[];
    };
    return result.rows[0]!.waiting > 0 ? 'slow' : 'ok';
  };
  return () => {
    running ??= probe().finally(() => {
      running = undefined;
    });
    const answer = running;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DatabaseHealth>((resolve) => {
      timer = setTimeout(() => resolve('slow'), SLOW_PROBE_MS);
    });
    // A probe that fails after 'slow' was answered is the next call's to report.
    answer.catch(() => {});
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
}
