import type { Invariant, Violation } from '../types';
import { violation } from './support';

const NAME = 'bell-equals-rows';

/**
 * The bell's count equals the unread rows that stand for something: for each user, the count
 * as the count route computes it (notifications/queries.ts unreadSummary: the unread rows of
 * the user) against a second, plain count of the unread entries that are backed by the rows
 * they are about. An entry is backed when its user is a side of what it is about (the request's
 * student or alumna, the 座談会's alumna or a student with a place in it, the introduction's
 * student or alumna), and a thread's gathered `message` entry counts no more messages than the
 * other side wrote there. A stray entry (about nothing of hers, or counting messages never sent)
 * lights the bell with nothing behind it.
 */
export const bellEqualsRows: Invariant = {
  name: NAME,
  when: ['daily', 'end'],
  async check(world) {
    const rows = await world.query<{
      user_id: string;
      unread: number;
      backed: number;
      stray: string[];
    }>(
      `with unread as (
         select n.*,
           (case
              when n.visit_request_id is not null then exists (
                select 1 from visit_requests r
                 where r.id = n.visit_request_id and n.user_id in (r.student_id, r.mentor_id)
                   and (n.kind <> 'message' or n.count <= (
                     select count(*) from visit_messages m
                      where m.visit_request_id = r.id
                        and m.sender_side = case when n.user_id = r.student_id then 'mentor' else 'student' end)))
              when n.group_session_id is not null then exists (
                select 1 from group_sessions s
                 where s.id = n.group_session_id
                   and (s.mentor_id = n.user_id or exists (
                     select 1 from group_session_places p
                      where p.session_id = s.id and p.student_id = n.user_id)))
              when n.introduction_id is not null then exists (
                select 1 from introductions i
                 where i.id = n.introduction_id and n.user_id in (i.student_id, i.mentor_id))
              else false
            end) as backed
           from notifications n where n.read_at is null)
       select u.user_id,
              (select count(*) filter (where read_at is null)::int from notifications
                where user_id = u.user_id) as unread,
              count(*) filter (where u.backed)::int as backed,
              coalesce(array_agg(u.id::text order by u.id) filter (where not u.backed), '{}') as stray
         from unread u group by u.user_id
        order by u.user_id`,
    );
    const violations: Violation[] = [];
    for (const row of rows) {
      if (row.unread === row.backed) continue;
      violations.push(
        violation(
          NAME,
          `user ${row.user_id}'s bell shows ${row.unread} unread, ${row.backed} backed by rows (stray: ${row.stray.join(', ')})`,
          [row.user_id, ...row.stray],
        ),
      );
    }
    return violations;
  },
};
