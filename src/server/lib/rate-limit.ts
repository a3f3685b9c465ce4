import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { AppError } from '../errors';
import { sha256 } from './secrets';

export interface Limit {
  /** What is counted, e.g. `sign-in:address`; the subject is hashed into the key. */
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Fixed-window counter in the database, so every app process shares it. Counts this hit and
 * refuses with auth/too-many-requests once the window holds more than `max`.
 */
export async function consumeLimit(db: Executor, limit: Limit, subject: string): Promise<void> {
  const key = `${limit.name}:${sha256(subject)}`;
  const seconds = limit.windowMs / 1000;
  const result = (await db.execute(sql`
    insert into rate_limit_hits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limit_hits.window_start < now() - make_interval(secs => ${seconds})
        then 1 else rate_limit_hits.count + 1 end,
      window_start = case when rate_limit_hits.window_start < now() - make_interval(secs => ${seconds})
        then now() else rate_limit_hits.window_start end
    returning count`)) as unknown as { rows: { count: number }[] };
  const count = Number(result.rows[0]?.count ?? 0);
  if (count > limit.max) throw new AppError('auth/too-many-requests');
}
