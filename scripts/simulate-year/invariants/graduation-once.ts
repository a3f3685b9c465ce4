import type { Invariant } from '../types';
import { violation } from './support';

const NAME = 'graduation-once';

/**
 * Each student becomes an alumna once (graduation/service.ts confirmGraduation): at most one
 * applied graduation_applications row per user, as many 'student.graduation-applied' audit
 * entries as applied rows, and each applied one's account is an alumna's (mentor_pending until
 * approved, then mentor; or an admin's) with her alumni profile, the student profile kept for
 * the names on past requests (docs/PRODUCT.md §4).
 */
export const graduationOnce: Invariant = {
  name: NAME,
  when: ['daily', 'end'],
  async check(world) {
    const rows = await world.query<{
      user_id: string;
      applied: number;
      audits: number;
      role: string | null;
      has_mentor: boolean;
    }>(
      `with applied as (
         select user_id, count(*)::int as applied from graduation_applications
          where applied_at is not null group by user_id),
       audited as (
         select target_id::uuid as user_id, count(*)::int as audits from audit_log
          where action = 'student.graduation-applied' group by target_id)
       select coalesce(a.user_id, d.user_id) as user_id, coalesce(a.applied, 0) as applied,
              coalesce(d.audits, 0) as audits, u.role,
              exists (select 1 from mentors m where m.user_id = coalesce(a.user_id, d.user_id)) as has_mentor
         from applied a full join audited d on d.user_id = a.user_id
         left join users u on u.id = coalesce(a.user_id, d.user_id)
        order by 1`,
    );
    return rows.flatMap((row) => {
      // Withdrawn since: her applications went with her account; the audit entry stays.
      if (row.role === null)
        return row.audits > 1
          ? [violation(NAME, `user ${row.user_id} graduated ${row.audits} times`, [row.user_id])]
          : [];
      const problems: string[] = [];
      if (row.applied > 1) problems.push(`${row.applied} applied graduations`);
      if (row.audits !== row.applied)
        problems.push(`${row.audits} audit entries for ${row.applied} applied`);
      if (row.applied > 0 && !['mentor_pending', 'mentor', 'admin'].includes(row.role))
        problems.push(`role ${row.role} after graduating`);
      if (row.applied > 0 && !row.has_mentor) problems.push('no alumni profile after graduating');
      return problems.map((problem) =>
        violation(NAME, `user ${row.user_id}: ${problem}`, [row.user_id]),
      );
    });
  },
};
