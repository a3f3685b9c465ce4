import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Evaluates one boolean condition on its own: for a rule written once as SQL that is also a
 * column of a larger query (see visits/queries, safety/blocks-queries).
 */
export async function holds(db: Executor, condition: SQL<boolean>): Promise<boolean> {
  const result = (await db.execute(sql`select ${condition} as holds`)) as unknown as {
    rows: { holds: boolean }[];
  };
  return result.rows[0]?.holds === true;
}
