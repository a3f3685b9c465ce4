import {
  GRADE_ROLLOVER_CATCH_UP_DAYS,
  NEXT_GRADE,
  type ProfileGrade,
} from '../../../src/shared/constants';
import { schoolYearStart, tokyoSchoolYear } from '../../../src/server/lib/tokyo-time';
import type { Invariant, Violation } from '../types';
import { TICK_SLACK_MS, violation } from './support';

const NAME = 'rollover-once';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The April grade rollover (students/grade-rollover-service.ts) happens once per school year:
 * at most one grade_rollovers row per year, one 'system.grade-rollover' audit entry per row,
 * each student moved at most once in it and only one grade up (NEXT_GRADE), and still in the
 * grade it gave her unless her profile was saved since (or the rollover undone). And it is not
 * missed: once a school year that began after the site's first student (so students were there
 * to move) is a tick old, and while its catch-up days have not run out, its row exists.
 */
export const rolloverOnce: Invariant = {
  name: NAME,
  when: ['daily', 'end'],
  async check(world) {
    const violations: Violation[] = [];
    const rows = await world.query<{ id: string; school_year: number; changes: unknown }>(
      `select id, school_year, changes from grade_rollovers order by school_year, id`,
    );
    const years = new Map<number, string[]>();
    for (const row of rows)
      years.set(row.school_year, [...(years.get(row.school_year) ?? []), row.id]);
    for (const [year, ids] of years) {
      if (ids.length > 1)
        violations.push(
          violation(NAME, `school year ${year} rolled over ${ids.length} times`, ids),
        );
    }
    const audits = await world.query<{ year: number; n: number }>(
      `select (details->>'schoolYear')::int as year, count(*)::int as n from audit_log
        where action = 'system.grade-rollover' group by 1`,
    );
    for (const audit of audits) {
      const made = years.get(audit.year)?.length ?? 0;
      if (audit.n !== made) {
        violations.push(
          violation(
            NAME,
            `school year ${audit.year}: ${audit.n} rollover audit entries, ${made} rollovers`,
            years.get(audit.year) ?? [],
          ),
        );
      }
    }
    for (const row of rows) {
      const changes = (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as {
        userId: string;
        from: string;
        to: string;
      }[];
      const seen = new Set<string>();
      for (const change of changes) {
        if (seen.has(change.userId) || NEXT_GRADE[change.from as ProfileGrade] !== change.to) {
          violations.push(
            violation(
              NAME,
              `rollover ${row.school_year} moved ${change.userId} ${change.from}→${change.to}${seen.has(change.userId) ? ' twice' : ''}`,
              [row.id, change.userId],
            ),
          );
        }
        seen.add(change.userId);
      }
    }
    const stale = await world.query<{ id: string; user_id: string; grade: string; given: string }>(
      `select g.id, c."userId" as user_id, s.grade, c."to" as given
         from grade_rollovers g
         cross join lateral jsonb_to_recordset(g.changes) as c("userId" uuid, "to" text)
         join students s on s.user_id = c."userId"
        where g.undone_at is null
          and g.school_year = (select max(school_year) from grade_rollovers)
          and s.updated_at <= g.created_at + interval '1 minute'
          and s.grade <> c."to"
        order by 2`,
    );
    // The rollover's own update stamps updated_at a moment after its row's created_at (the
    // transaction's start): a minute's grace.
    for (const row of stale) {
      violations.push(
        violation(
          NAME,
          `${row.user_id} is in ${row.grade}, not the ${row.given} the rollover gave`,
          [row.id, row.user_id],
        ),
      );
    }
    const now = world.simNow();
    const year = tokyoSchoolYear(now);
    const start = schoolYearStart(year);
    const sinceStart = now.getTime() - start.getTime();
    if (
      !years.has(year) &&
      sinceStart > TICK_SLACK_MS &&
      sinceStart <= GRADE_ROLLOVER_CATCH_UP_DAYS * DAY_MS
    ) {
      const [first] = await world.query<{ before: boolean }>(
        `select coalesce(min(created_at) < $1::timestamptz, false) as before from students`,
        [start.toISOString()],
      );
      if (first?.before)
        violations.push(violation(NAME, `school year ${year} began but was not rolled over`, []));
    }
    return violations;
  },
};
