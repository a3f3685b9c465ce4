import { setTimeout as sleep } from 'node:timers/promises';
import { JAPAN_TIME_ZONE } from '../../../src/shared/constants';
import type { AdminOverview } from '../../../src/shared/schemas/admin';
import type { MentorListPage } from '../../../src/shared/schemas/mentors';
import type { Invariant, SimWorld } from '../types';
import { violation } from './support';

const NAME = 'counts-equal-rows';

/**
 * The default READ_CACHE_SECONDS (src/server/config.ts) and a second: how stale a cached
 * answer may be. The driver's processes run with the default.
 */
export const DEFAULT_RECHECK_AFTER_MS = 6_000;

/** One figure the console or the OG list shows, and what counting the rows gives. */
interface Figure {
  what: string;
  shown: number | null;
  rows: number;
}

/**
 * The console's and the OG list's counts equal the rows, each counted again here by plain SQL
 * rather than by the product's queries: the overview's students and alumni (by role, as
 * users.role decides who is which), its invitations by status, its funnel by the Tokyo month a
 * request was sent (requested, agreed: a meeting time set, held: agreed and said held by a side
 * with neither saying no-show, thanked); the OG list's 全 N 件 against the listed alumni counted
 * from the users' rows (og_user_listed: an approved alumna or an admin, address confirmed, not
 * suspended), and against the counter the list reads (listed_mentor_count). A mismatch is read
 * again once the read cache's lifetime has passed before it counts.
 */
export function countsEqualRows(recheckAfterMs = DEFAULT_RECHECK_AFTER_MS): Invariant {
  return {
    name: NAME,
    when: ['daily', 'end'],
    async check(world) {
      let wrong = (await figures(world)).filter((figure) => figure.shown !== figure.rows);
      if (wrong.length > 0) {
        await sleep(recheckAfterMs);
        wrong = (await figures(world)).filter((figure) => figure.shown !== figure.rows);
      }
      return wrong.map((figure) =>
        violation(NAME, `${figure.what}: shown ${figure.shown}, ${figure.rows} rows`, []),
      );
    },
  };
}

async function figures(world: SimWorld): Promise<Figure[]> {
  // The overview first: it expires due invitations before counting, which the rows then show.
  const overview = (await world.adminGet('/api/admin/overview')) as AdminOverview;
  const list = (await world.adminGet('/api/mentors')) as MentorListPage;
  const [people] = await world.query<{
    students: number;
    alumni: number;
    listed: number;
    listed_flag: number;
    counter: number;
  }>(
    `select
       (select count(*)::int from students s join users u on u.id = s.user_id where u.role = 'student') as students,
       (select count(*)::int from mentors m join users u on u.id = m.user_id
         where u.role in ('mentor', 'mentor_pending')) as alumni,
       (select count(*)::int from mentors m join users u on u.id = m.user_id
         where u.role in ('mentor', 'admin') and u.email_verified and u.suspended_at is null) as listed,
       (select count(*)::int from mentors where listed) as listed_flag,
       (select coalesce(sum(total), 0)::int from listed_mentor_count) as counter`,
  );
  const byGrade = await world.query<{ grade: string; n: number }>(
    `select s.grade, count(*)::int as n from students s join users u on u.id = s.user_id
      where u.role = 'student' group by s.grade`,
  );
  const invitations = await world.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from invitations group by status`,
  );
  const months = await world.query<{
    month: string;
    requested: number;
    agreed: number;
    held: number;
    thanked: number;
  }>(
    `select to_char(created_at at time zone '${JAPAN_TIME_ZONE}', 'YYYY-MM') as month,
            count(*)::int as requested,
            count(*) filter (where meeting_at is not null)::int as agreed,
            count(*) filter (where status = 'accepted'
              and 'held' in (coalesce(student_outcome, ''), coalesce(mentor_outcome, ''))
              and 'no_show' not in (coalesce(student_outcome, ''), coalesce(mentor_outcome, '')))::int as held,
            count(*) filter (where thanked_at is not null)::int as thanked
       from visit_requests group by 1`,
  );
  const grades = new Map(byGrade.map((row) => [row.grade, row.n]));
  const statuses = new Map(invitations.map((row) => [row.status, row.n]));
  const funnel = new Map(months.map((row) => [row.month, row]));
  return [
    { what: 'overview students', shown: overview.students.total, rows: people!.students },
    ...overview.students.byGrade.map((entry) => ({
      what: `overview students of ${entry.grade}`,
      shown: entry.count,
      rows: grades.get(entry.grade) ?? 0,
    })),
    { what: 'overview alumni', shown: overview.mentors.total, rows: people!.alumni },
    ...overview.invitations.map((entry) => ({
      what: `overview invitations ${entry.status}`,
      shown: entry.count,
      rows: statuses.get(entry.status) ?? 0,
    })),
    ...overview.visits.byMonth.flatMap((entry) => {
      const row = funnel.get(entry.month);
      return [
        {
          what: `funnel ${entry.month} requested`,
          shown: entry.requested,
          rows: row?.requested ?? 0,
        },
        { what: `funnel ${entry.month} agreed`, shown: entry.accepted, rows: row?.agreed ?? 0 },
        { what: `funnel ${entry.month} held`, shown: entry.held, rows: row?.held ?? 0 },
        { what: `funnel ${entry.month} thanked`, shown: entry.thanked, rows: row?.thanked ?? 0 },
      ];
    }),
    { what: 'OG list 全 N 件', shown: list.total, rows: people!.listed },
    { what: 'mentors.listed', shown: people!.listed_flag, rows: people!.listed },
    { what: 'listed_mentor_count', shown: people!.counter, rows: people!.listed },
  ];
}
