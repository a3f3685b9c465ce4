import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * A moment a condition compares with: a date, or a placeholder of a statement prepared once and
 * run with the time of each request (its value an ISO string). Conditions take `Instant` so the
 * same rule serves a one-off query and a prepared statement.
 */
export type Instant = Date | Placeholder;

/** An instant as a timestamptz parameter. */
export function instantSql(instant: Instant): SQL {
  return sql`${instant instanceof Date ? instant.toISOString() : instant}::timestamptz`;
}

/**
 * A statement built once per database and kept: drizzle then neither rebuilds its SQL on every
 * request (for a statement of many subqueries, a good part of its cost) nor, against
 * PostgreSQL, parses it again on a connection that ran it before.
 */
export function preparedPerDatabase<Statement>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const built = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
