import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import * as schema from './schema';

/**
 * Every table of the schema, each after the tables it references: the order to copy rows in
 * (db/move.ts) and to compare a restored database with its original (backup tests).
 */
export function tablesInDependencyOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  const ordered: PgTable[] = [];
  const placed = new Set<PgTable>();
  const place = (table: PgTable, path: PgTable[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys form a cycle at ${tableName(table)}`);
    for (const key of getTableConfig(table).foreignKeys) {
      const referenced = key.reference().foreignTable;
      if (referenced !== table) place(referenced, [...path, table]);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, []);
  return ordered;
}

export function tableName(table: PgTable): string {
  return getTableConfig(table).name;
}

/**
 * Tables the database fills from the others by triggers (migration 0019): a copy of the other
 * tables brings their rows, so a move does not copy them (their one row is already there).
 */
export const DERIVED_TABLES: readonly PgTable[] = [schema.listedMentorCount];
