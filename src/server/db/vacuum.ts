import type { PGlite } from '@electric-sql/pglite';

/**
 * What PostgreSQL's autovacuum does in the background and PGlite, which runs no background
 * process, never does: every update and delete leaves the old row version behind, and without
 * VACUUM its space is never reused and its index entries stay. On a site that runs for years
 * the tables and their indexes (the OG list's GIN index of pieces above all: an alumna's row is
 * written again whenever her earliest slot moves) would only grow, and every search would read
 * through what is dead. ANALYZE with it keeps the planner's picture of the tables current,
 * which nothing else does on PGlite either. Table by table, each its own statement: requests
 * take their turns between them (db/pglite-turns.ts), never waiting for the whole database.
 */
export async function vacuumEveryTable(client: PGlite): Promise<string[]> {
  const tables = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  const names = tables.rows.map((row) => row.name);
  for (const name of names) await client.exec(`vacuum (analyze) "${name.replaceAll('"', '""')}"`);
  return names;
}
