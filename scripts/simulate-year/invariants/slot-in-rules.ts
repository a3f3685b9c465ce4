import {
  JAPAN_TIME_ZONE,
  SLOT_MINUTES,
  VISIT_EARLIEST_START_HOUR,
  VISIT_LATEST_END_HOUR,
  VISIT_LATEST_START_HOUR,
} from '../../../src/shared/constants';
import { isJapaneseHoliday } from '../../../src/server/booking/slots';
import type { Invariant, SimWorld, Violation } from '../types';
import { instant, violation } from './support';

const NAME = 'slot-in-rules';

/**
 * Every live visit keeps the meeting-hours rule and her holidays: an agreed visit starts
 * between VISIT_EARLIEST_START_HOUR and VISIT_LATEST_START_HOUR (Japan time); a booked slot
 * also lasts one of SLOT_MINUTES and is over by VISIT_LATEST_END_HOUR the same day
 * (booking/slots.ts startsIn); and a slot on a Japanese public holiday (isJapaneseHoliday, the
 * booking's own rule) was open only if she allowed holidays or added that date herself.
 *
 * Her choice when she was booked is not kept in the rows. It is read as closed then when her
 * profile has not changed since the booking (mentors.updated_at no later than the request's
 * created_at: rare, as the next-slot refresh touches the row), or when every check of this run
 * saw it closed, from the last before the booking on. Only a choice opened and closed again
 * between two checks, with the booking in between, could be judged wrongly.
 * Each instance remembers what it saw: make one per run (slotInRules()).
 */
export function slotInRules(): Invariant {
  /** Each alumna's booking_on_holidays as the checks saw it, when it changed (simulated ms). */
  const seen = new Map<string, { at: number; open: boolean }[]>();
  return {
    name: NAME,
    when: ['daily', 'end'],
    check: (world) => check(world, seen),
  };
}

/** Whether every reading from the last one at or before `at` on saw her holidays closed. */
function closedSince(readings: { at: number; open: boolean }[] | undefined, at: number): boolean {
  if (!readings) return false;
  const last = readings.findLastIndex((reading) => reading.at <= at);
  return last >= 0 && readings.slice(last).every((reading) => !reading.open);
}

async function check(
  world: SimWorld,
  seen: Map<string, { at: number; open: boolean }[]>,
): Promise<Violation[]> {
  const rows = await world.query<{
    id: string;
    mentor_id: string | null;
    student_id: string | null;
    booked: boolean;
    day: string;
    start_minute: number;
    end_minute: number | null;
    end_day: string | null;
    minutes: number | null;
    on_holidays: boolean | null;
    date_window: boolean;
    settings_unchanged: boolean;
    created_at: unknown;
  }>(
    `select r.id, r.mentor_id, r.student_id, r.booked_from is not null as booked,
              to_char(t.start_at at time zone '${JAPAN_TIME_ZONE}', 'YYYY-MM-DD') as day,
              extract(hour from t.start_at at time zone '${JAPAN_TIME_ZONE}')::int * 60
                + extract(minute from t.start_at at time zone '${JAPAN_TIME_ZONE}')::int as start_minute,
              (extract(hour from r.booked_until at time zone '${JAPAN_TIME_ZONE}')::int * 60
                + extract(minute from r.booked_until at time zone '${JAPAN_TIME_ZONE}')::int) as end_minute,
              to_char(r.booked_until at time zone '${JAPAN_TIME_ZONE}', 'YYYY-MM-DD') as end_day,
              (extract(epoch from r.booked_until - r.booked_from) / 60)::int as minutes,
              m.booking_on_holidays as on_holidays,
              exists (select 1 from mentor_availability a
                       where a.mentor_id = r.mentor_id and a.kind = 'date'
                         and a.day = (t.start_at at time zone '${JAPAN_TIME_ZONE}')::date) as date_window,
              coalesce(m.updated_at <= r.created_at, false) as settings_unchanged,
              r.created_at
         from visit_requests r
         cross join lateral (select coalesce(r.booked_from, r.meeting_at) as start_at) t
         left join mentors m on m.user_id = r.mentor_id
        where t.start_at is not null
          and (r.status = 'accepted' or (r.status = 'pending' and r.booked_from is not null))
        order by r.id`,
  );
  const violations: Violation[] = [];
  const ids = (row: (typeof rows)[number]) => [row.id, row.mentor_id, row.student_id];
  for (const row of rows) {
    const at = `${row.day} ${String(Math.floor(row.start_minute / 60)).padStart(2, '0')}:${String(row.start_minute % 60).padStart(2, '0')}`;
    if (
      row.start_minute < VISIT_EARLIEST_START_HOUR * 60 ||
      row.start_minute > VISIT_LATEST_START_HOUR * 60
    ) {
      violations.push(
        violation(NAME, `request ${row.id} starts at ${at}, outside meeting hours`, ids(row)),
      );
    }
    if (!row.booked) continue;
    if (row.end_day !== row.day || (row.end_minute ?? 0) > VISIT_LATEST_END_HOUR * 60) {
      violations.push(
        violation(
          NAME,
          `request ${row.id}'s slot from ${at} ends past ${VISIT_LATEST_END_HOUR}:00`,
          ids(row),
        ),
      );
    }
    if (!(SLOT_MINUTES as readonly number[]).includes(row.minutes ?? -1)) {
      violations.push(
        violation(NAME, `request ${row.id}'s slot lasts ${row.minutes} minutes`, ids(row)),
      );
    }
    if (
      isJapaneseHoliday(row.day) &&
      row.on_holidays === false &&
      !row.date_window &&
      (row.settings_unchanged ||
        closedSince(seen.get(row.mentor_id ?? ''), instant(row.created_at)!.getTime()))
    ) {
      violations.push(
        violation(
          NAME,
          `request ${row.id} booked on the holiday ${row.day}, which she does not open`,
          ids(row),
        ),
      );
    }
  }
  const now = world.simNow().getTime();
  for (const mentor of await world.query<{ user_id: string; open: boolean }>(
    `select user_id, booking_on_holidays as open from mentors`,
  )) {
    const readings = seen.get(mentor.user_id) ?? [];
    if (readings.at(-1)?.open !== mentor.open) readings.push({ at: now, open: mentor.open });
    seen.set(mentor.user_id, readings);
  }
  return violations;
}
