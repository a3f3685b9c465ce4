import { BOOKING_HOLD_HOURS, VISIT_EXPIRY_DAYS } from '../../../src/shared/constants';
import type { Invariant } from '../types';
import { simNowParam, TICK_SLACK_MS, violation } from './support';

const NAME = 'no-waiting-past-expiry';

/**
 * No request still waits past its expiry (visits/timers-service.ts expireUnanswered, its three
 * rules): unanswered by the alumna VISIT_EXPIRY_DAYS after it was sent; a booking unanswered
 * BOOKING_HOLD_HOURS after it was made; every time on it (preferred slots and any proposal)
 * passed. And no invitation pending past its expires_at (invitations/ expireDueInvitations).
 * Each allows the tick's slack: the timers run when the driver ticks.
 */
export const noWaitingPastExpiry: Invariant = {
  name: NAME,
  when: ['step', 'daily', 'end'],
  async check(world) {
    // $1: the simulated now less the slack; the rules read "due at or before it".
    const params = [simNowParam(world), TICK_SLACK_MS / 1000];
    const requests = await world.query<{
      id: string;
      student_id: string;
      mentor_id: string;
      rule: string;
    }>(
      `with at as (select $1::timestamptz - make_interval(secs => $2::float8) as t)
       select r.id, r.student_id, r.mentor_id,
              case
                when r.booked_from is not null
                  and r.created_at + make_interval(hours => ${BOOKING_HOLD_HOURS}) <= at.t
                  then 'booking unanswered past its hold'
                when r.created_at + make_interval(days => ${VISIT_EXPIRY_DAYS}) <= at.t
                  then 'unanswered past its expiry'
                else 'every time on it passed'
              end as rule
         from visit_requests r, at
        where r.status = 'pending'
          and (
            (r.proposed_by is distinct from 'mentor' and r.responded_at is null
              and (r.created_at + make_interval(days => ${VISIT_EXPIRY_DAYS}) <= at.t
                or (r.booked_from is not null
                  and r.created_at + make_interval(hours => ${BOOKING_HOLD_HOURS}) <= at.t)))
            or (at.t >= all(r.preferred_slots) and (r.proposed_time is null or r.proposed_time <= at.t))
          )
        order by r.created_at, r.id`,
      params,
    );
    const invitations = await world.query<{ id: string; inviter_id: string | null }>(
      `select id, inviter_id from invitations
        where status = 'pending'
          and expires_at <= $1::timestamptz - make_interval(secs => $2::float8)
        order by created_at, id`,
      params,
    );
    return [
      ...requests.map((row) =>
        violation(NAME, `request ${row.id} still pending: ${row.rule}`, [
          row.id,
          row.student_id,
          row.mentor_id,
        ]),
      ),
      ...invitations.map((row) =>
        violation(NAME, `invitation ${row.id} still pending past its expiry`, [
          row.id,
          row.inviter_id,
        ]),
      ),
    ];
  },
};
