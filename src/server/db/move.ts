import { count, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { BackupError, COUNT_OWN_TABLES, refuseUnlessEmpty } from './backup';
import type { Database, DatabaseHandle } from './client';
import { DERIVED_TABLES, tableName, tablesInDependencyOrder } from './tables';

const BATCH = 200;

/**
 * From the embedded database to PostgreSQL (`npm run db:move-to-postgres`). The
 * target, which must be empty, gets the schema from our own migrations, then every row of
 * every table, referenced tables first, in one transaction: it ends with all or nothing.
 * Columns and tables PostgreSQL computes are left to it. Returns the rows copied per table.
 */
export async function moveToPostgres(
  source: Database,
  target: DatabaseHandle,
): Promise<Record<string, number>> {
  const found = (await target.db.execute(sql.raw(COUNT_OWN_TABLES))) as unknown as {
    rows: { n: number }[];
  };
  refuseUnlessEmpty(found.rows[0]!.n, 'move');
  await target.migrate();
  const copied: Record<string, number> = {};
  await target.db.transaction(async (tx) => {
    for (const table of tablesInDependencyOrder()) {
      if (DERIVED_TABLES.includes(table)) continue;
      const columns = insertableColumns(table);
      const order = primaryKeyOf(table);
      // A page at a time (icons are large); the source is not written to meanwhile.
      let read = 0;
      for (;;) {
        const rows = await source
          .select(columns)
          .from(table)
          .orderBy(...order)
          .limit(BATCH)
          .offset(read);
        if (rows.length === 0) break;
        await tx.insert(table).values(rows);
        read += rows.length;
      }
      const [inTarget] = await tx.select({ n: count() }).from(table);
      if (inTarget?.n !== read) {
        throw new BackupError(`${tableName(table)}: ${read} rows read, ${inTarget?.n} written`);
      }
      copied[tableName(table)] = read;
    }
  });
  return copied;
}

/** The columns of a table's primary key: a stable order to page through it by. */
function primaryKeyOf(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0]?.columns;
  const single = config.columns.filter((column) => column.primary);
  const key = composite ?? single;
  if (key.length === 0) throw new Error(`${config.name} has no primary key to page by`);
  return key;
}

/** Every column but those PostgreSQL computes (GENERATED ALWAYS), which refuse a value. */
function insertableColumns(table: PgTable) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated),
  );
}
