import { count, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { BackupError } from './backup';
import type { Database, DatabaseHandle } from './client';
import { tableName, tablesInDependencyOrder } from './tables';

const BATCH = 500;

/**
 * Issue 18: from the embedded database to PostgreSQL (`npm run db:move-to-postgres`). The
 * target, which must be empty, gets the schema from our own migrations, then every row of
 * every table, referenced tables first, in one transaction: it ends with all or nothing.
 * Columns PostgreSQL computes are left to it. Returns the rows copied per table.
 */
export async function moveToPostgres(
  source: Database,
  target: DatabaseHandle,
): Promise<Record<string, number>> {
  const found = (await target.db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
  )) as unknown as { rows: { n: number }[] };
  const existing = found.rows[0];
  if (existing && existing.n > 0) {
    throw new BackupError('the target database is not empty: move into a new database');
  }
  await target.migrate();
  const copied: Record<string, number> = {};
  await target.db.transaction(async (tx) => {
    for (const table of tablesInDependencyOrder()) {
      const columns = insertableColumns(table);
      const rows = await source.select(columns).from(table);
      for (let start = 0; start < rows.length; start += BATCH) {
        await tx.insert(table).values(rows.slice(start, start + BATCH));
      }
      const [inTarget] = await tx.select({ n: count() }).from(table);
      if (inTarget?.n !== rows.length) {
        throw new BackupError(
          `${tableName(table)}: ${rows.length} rows read, ${inTarget?.n} written`,
        );
      }
      copied[tableName(table)] = rows.length;
    }
  });
  return copied;
}

/** Every column but those PostgreSQL computes (GENERATED ALWAYS), which refuse a value. */
function insertableColumns(table: PgTable) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated),
  );
}
