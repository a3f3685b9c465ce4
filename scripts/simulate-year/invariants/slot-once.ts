import type { Invariant } from '../types';
import { violation } from './support';

const NAME = 'slot-once';

/**
 * No slot is held twice: no two live requests (pending or agreed) of one alumna hold booked
 * times that overlap, the rule migration 0025's exclusion constraint states
 * (visit_requests_booked_slot_excl), checked here on the rows whatever the constraint does; and
 * no 座談会 seat is given twice or past its seats (decision 0045). Two agreed visits of one
 * alumna at one hour are not checked: the product only warns of them (visits/same-hour.ts).
 */
export const slotOnce: Invariant = {
  name: NAME,
  when: ['step', 'daily', 'end'],
  async check(world) {
    const overlaps = await world.query<{
      mentor_id: string;
      a: string;
      b: string;
      a_student: string;
      b_student: string;
    }>(
      `select a.mentor_id, a.id as a, b.id as b, a.student_id as a_student, b.student_id as b_student
         from visit_requests a
         join visit_requests b
           on b.mentor_id = a.mentor_id and a.id < b.id
          and tstzrange(a.booked_from, a.booked_until) && tstzrange(b.booked_from, b.booked_until)
        where a.booked_from is not null and b.booked_from is not null
          and a.status in ('pending', 'accepted') and b.status in ('pending', 'accepted')
        order by a.mentor_id, a.id, b.id`,
    );
    const seats = await world.query<{
      session_id: string;
      seats: number;
      seated: number;
      seat_nos: number;
      students: string[];
    }>(
      `select s.id as session_id, s.seats, count(*)::int as seated,
              count(distinct p.seat_no)::int as seat_nos,
              array_agg(p.student_id::text order by p.student_id) as students
         from group_sessions s join group_session_places p on p.session_id = s.id
        where p.state = 'seated'
        group by s.id, s.seats
       having count(*) > s.seats or count(distinct p.seat_no) < count(*)
           or bool_or(p.seat_no not between 1 and s.seats)
        order by s.id`,
    );
    return [
      ...overlaps.map((row) =>
        violation(NAME, `alumna ${row.mentor_id}'s slot held by both ${row.a} and ${row.b}`, [
          row.mentor_id,
          row.a,
          row.b,
          row.a_student,
          row.b_student,
        ]),
      ),
      ...seats.map((row) =>
        violation(
          NAME,
          `座談会 ${row.session_id}: ${row.seated} seated on ${row.seat_nos} seat numbers of ${row.seats}`,
          [row.session_id, ...row.students],
        ),
      ),
    ];
  },
};
