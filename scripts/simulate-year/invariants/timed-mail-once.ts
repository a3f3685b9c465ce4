import {
  DAY_BEFORE_REMINDER_HOUR,
  JAPAN_TIME_ZONE,
  SAFE_END_ASK_AFTER_HOURS,
  VISIT_EXPIRY_DAYS,
  VISIT_NOTE_REMINDER_HOURS,
  VISIT_REMINDER_DAYS,
  type NotificationKind,
} from '../../../src/shared/constants';
import { enMail } from '../../../src/shared/messages/en/mail';
import { jaMail } from '../../../src/shared/messages/ja/mail';
import type { Invariant, SentMail, SimWorld, Violation } from '../types';
import {
  idsIn,
  inFaultWindow,
  outboxIdOf,
  simNowParam,
  textArray,
  TICK_SLACK_MS,
  violation,
} from './support';

const NAME = 'timed-mail-once';

/**
 * Every timed telling (visits/timers-service.ts, group-sessions/day-before.ts and after.ts) goes
 * once per party: each marker that the timers set in the transaction that tells (reminded_at,
 * day_before_sent_at, safe_end_asked_at, note_reminded_at, and the 座談会's day_before_sent_at
 * and its places' safe_end_asked_at) has exactly one bell entry for each party it tells, none
 * where it told no one (a marker set without telling: a visit agreed after its 前日確認's moment,
 * a safe end confirmed before it was asked), and none without its marker. Every such mail is
 * one outbox row per party and target, delivered once (a second delivery of the same row only
 * inside a fault window), and names a target whose marker told.
 *
 * And none is missed: a telling due more than a tick ago and still within the time it may be
 * made (an ask falls due for a day only, a reminder until the request expires, a day-before
 * until the meeting) has its marker set.
 *
 * The mail is held to at most one, not exactly one: a person may turn reminders off
 * (/profile), and an address changed since is no longer the user's row's; the bell entry,
 * which every kind here has, is held to exactly one.
 */

/** The timed kinds and their mail's subject (both languages), from the one catalogue. */
const MAIL_KEYS = {
  unansweredReminder: 'visitUnansweredReminder',
  bookingLapsing: 'visitBookingLapsing',
  dayBefore: 'visitDayBefore',
  safeEndAsk: 'safeEndAsk',
  noteReminder: 'noteReminder',
  groupSessionDayBefore: 'groupSessionDayBefore',
  groupSessionDayBeforeHost: 'groupSessionDayBeforeHost',
  groupSessionSafeEndAsk: 'groupSessionSafeEndAsk',
} as const satisfies Partial<Record<NotificationKind, keyof typeof jaMail.mail>>;

type TimedKind = keyof typeof MAIL_KEYS;

const KIND_OF_SUBJECT = new Map<string, TimedKind>(
  (Object.entries(MAIL_KEYS) as [TimedKind, keyof typeof jaMail.mail][]).flatMap(([kind, key]) => [
    [(jaMail.mail[key] as { subject: string }).subject, kind],
    [(enMail.mail[key] as { subject: string }).subject, kind],
  ]),
);

/** The Japanese calendar day's start of a timestamptz column, in SQL (lib/tokyo-time tokyoDayStart). */
function dayStart(column: string): string {
  return `(date_trunc('day', ${column} at time zone '${JAPAN_TIME_ZONE}') at time zone '${JAPAN_TIME_ZONE}')`;
}

/**
 * One row per (marker, party): who the marker's telling is for, the kinds it tells them with,
 * and whether it told anyone at all. The `told` rules are the timers' own.
 */
const EXPECTED = `
  select r.id as target, r.mentor_id as user_id, 'reminded_at' as marker,
         array['unansweredReminder', 'bookingLapsing'] as kinds,
         r.reminded_at is not null as told
    from visit_requests r where r.mentor_id is not null
  union all
  select r.id, party.user_id, 'day_before_sent_at', array['dayBefore'],
         r.day_before_sent_at is not null and ${dayStart('r.meeting_at')} > r.day_before_sent_at
    from visit_requests r
    cross join lateral (values (r.student_id), (r.mentor_id)) as party(user_id)
   where party.user_id is not null
  union all
  select r.id, r.student_id, 'safe_end_asked_at', array['safeEndAsk'],
         r.safe_end_asked_at is not null
           and r.safe_end_confirmed_at is distinct from r.safe_end_asked_at
    from visit_requests r where r.student_id is not null
  union all
  select r.id, r.student_id, 'note_reminded_at', array['noteReminder'],
         r.note_reminded_at is not null
    from visit_requests r where r.student_id is not null
  union all
  select s.id, s.mentor_id, 'group_sessions.day_before_sent_at', array['groupSessionDayBeforeHost'],
         ${sessionDayBeforeTold('s')}
    from group_sessions s
  union all
  select p.session_id, p.student_id, 'group_session_places.safe_end_asked_at',
         array['groupSessionSafeEndAsk'],
         p.safe_end_asked_at is not null
           and p.safe_end_confirmed_at is distinct from p.safe_end_asked_at
    from group_session_places p`;

/** Whether a 座談会's day-before told anyone (group-sessions/day-before.ts: not one opened after its moment). */
function sessionDayBeforeTold(s: string): string {
  const dueAt = `(${dayStart(`${s}.starts_at`)} - make_interval(hours => ${24 - DAY_BEFORE_REMINDER_HOUR}))`;
  return `(${s}.day_before_sent_at is not null and ${s}.created_at < ${dueAt} and ${dayStart(`${s}.starts_at`)} > ${s}.day_before_sent_at)`;
}

export const timedMailOnce: Invariant = {
  name: NAME,
  when: ['daily', 'end'],
  async check(world) {
    const bell = await world.query<{
      target: string;
      user_id: string;
      marker: string;
      told: boolean;
      entries: number;
    }>(
      `with expected as (${EXPECTED})
       select e.target, e.user_id, e.marker, e.told,
              (select count(*)::int from notifications n
                where n.user_id = e.user_id and n.kind = any(e.kinds)
                  and (n.visit_request_id = e.target or n.group_session_id = e.target)) as entries
         from expected e
        order by e.marker, e.target, e.user_id`,
    );
    const violations: Violation[] = [];
    for (const row of bell) {
      const expected = row.told ? 1 : 0;
      if (row.entries === expected) continue;
      violations.push(
        violation(
          NAME,
          row.told
            ? `${row.marker} of ${row.target}: ${row.entries} bell entries for ${row.user_id}, not one`
            : `${row.marker} of ${row.target} told no one, yet ${row.user_id} has ${row.entries} bell entries of it`,
          [row.target, row.user_id],
        ),
      );
    }
    // A 座談会's seated students at its day-before: who sat then is not kept, so each student is
    // held to at most one, and to none where the marker told no one.
    const students = await world.query<{
      target: string;
      user_id: string;
      entries: number;
      told: boolean;
    }>(
      `select n.group_session_id as target, n.user_id, count(*)::int as entries,
              bool_or(${sessionDayBeforeTold('s')}) as told
         from notifications n join group_sessions s on s.id = n.group_session_id
        where n.kind = 'groupSessionDayBefore'
        group by n.group_session_id, n.user_id
       having count(*) > 1 or not bool_or(${sessionDayBeforeTold('s')})
        order by 1, 2`,
    );
    for (const row of students) {
      violations.push(
        violation(
          NAME,
          row.told
            ? `the day-before of 座談会 ${row.target}: ${row.entries} bell entries for ${row.user_id}`
            : `the day-before of 座談会 ${row.target} told no one, yet ${row.user_id} has a bell entry of it`,
          [row.target, row.user_id],
        ),
      );
    }
    // Every 座談会 has its host row above, so a told day-before is among these too.
    const toldTargets = new Set(bell.filter((row) => row.told).map((row) => row.target));
    violations.push(
      ...(await missed(world)),
      ...(await outboxOnce(world)),
      ...mailsOnce(world, toldTargets),
    );
    return violations;
  },
};

/**
 * How long an ask stays due after it falls due (visits/timers-service.ts SAFE_END_ASK_WINDOW_MS
 * and remindToKeepNote's day, group-sessions/after.ts): one day.
 */
const ASK_WINDOW_HOURS = 24;

/**
 * The tellings due by $1 (the simulated now less a tick) and still due at $2 (now), whose
 * marker is not set: each timer's claim, with the due moment moved back by the slack.
 */
const MISSED = `
  select r.id as target, 'reminded_at' as marker from visit_requests r
   where r.status = 'pending' and r.proposed_by is distinct from 'mentor' and r.responded_at is null
     and r.booked_from is null and r.reminded_at is null
     and r.created_at + make_interval(days => ${VISIT_REMINDER_DAYS}) <= $1::timestamptz
     and r.created_at + make_interval(days => ${VISIT_EXPIRY_DAYS}) > $2::timestamptz
  union all
  select r.id, 'day_before_sent_at' from visit_requests r
   where r.status = 'accepted' and r.day_before_sent_at is null and r.meeting_at > $2::timestamptz
     and ${dayStart('r.meeting_at')} - make_interval(hours => ${24 - DAY_BEFORE_REMINDER_HOUR}) <= $1::timestamptz
  union all
  select r.id, 'safe_end_asked_at' from visit_requests r
   where r.status = 'accepted' and r.student_id is not null and r.safe_end_asked_at is null
     and coalesce(r.place_kind <> 'online', r.meeting_format = 'in_person')
     and r.meeting_at + make_interval(hours => ${SAFE_END_ASK_AFTER_HOURS}) <= $1::timestamptz
     and r.meeting_at + make_interval(hours => ${SAFE_END_ASK_AFTER_HOURS + ASK_WINDOW_HOURS}) > $2::timestamptz
  union all
  select r.id, 'note_reminded_at' from visit_requests r
   where r.status = 'accepted' and r.student_id is not null and r.note_reminded_at is null
     and r.student_outcome is distinct from 'no_show' and r.mentor_outcome is distinct from 'no_show'
     and not exists (select 1 from visit_notes n where n.visit_request_id = r.id)
     and r.meeting_at + make_interval(hours => ${VISIT_NOTE_REMINDER_HOURS}) <= $1::timestamptz
     and r.meeting_at + make_interval(hours => ${VISIT_NOTE_REMINDER_HOURS + ASK_WINDOW_HOURS}) > $2::timestamptz
  union all
  select s.id, 'group_sessions.day_before_sent_at' from group_sessions s
   where s.cancelled_at is null and s.day_before_sent_at is null and s.starts_at > $2::timestamptz
     and ${dayStart('s.starts_at')} - make_interval(hours => ${24 - DAY_BEFORE_REMINDER_HOUR}) <= $1::timestamptz
  union all
  select p.session_id, 'group_session_places.safe_end_asked_at'
    from group_session_places p join group_sessions s on s.id = p.session_id
   where p.state = 'seated' and p.safe_end_asked_at is null and p.attended is not false
     and s.meeting_format = 'in_person' and s.cancelled_at is null
     and s.ends_at + make_interval(hours => ${SAFE_END_ASK_AFTER_HOURS}) <= $1::timestamptz
     and s.ends_at + make_interval(hours => ${SAFE_END_ASK_AFTER_HOURS + ASK_WINDOW_HOURS}) > $2::timestamptz`;

async function missed(world: SimWorld): Promise<Violation[]> {
  const now = world.simNow();
  const since = now.getTime() - TICK_SLACK_MS;
  const rows = await world.query<{ target: string; marker: string }>(`${MISSED} order by 2, 1`, [
    new Date(since).toISOString(),
    simNowParam(world),
  ]);
  // A telling is due from its rule's moment or from the change that made it due, whichever is
  // later: a visit agreed at 00:30 for 13:00 the same day is told at the next tick, not at 18:00
  // the day before. The rows do not keep every such moment (a student's acceptance of a
  // proposed time has none), so a target written to within the slack is not late yet.
  const changed = changedSince(world, since);
  return rows
    .filter((row) => !changed.has(row.target))
    .map((row) =>
      violation(NAME, `${row.marker} of ${row.target} is due since more than a tick, not set`, [
        row.target,
      ]),
    );
}

/** Ids the calls that wrote (not GET) named since `since` (simulated ms). */
function changedSince(world: Pick<SimWorld, 'trace'>, since: number): Set<string> {
  const ids = new Set<string>();
  for (let index = world.trace.length - 1; index >= 0; index--) {
    const entry = world.trace[index]!;
    if (Date.parse(entry.simTime) < since) break;
    if (entry.method !== 'GET') for (const id of entry.ids) ids.add(id);
  }
  return ids;
}

/** No two outbox rows of one timed kind to one address about one target (while its links are kept). */
async function outboxOnce(world: SimWorld): Promise<Violation[]> {
  const rows = await world.query<{ to: string; subject: string; links: string; ids: string[] }>(
    `select o."to", o.subject, o.links::text as links, array_agg(o.id::text order by o.id) as ids
       from outbox o
      where o.channel = 'mail' and o.subject = any($1::text[]) and o.redacted_at is null
      group by o."to", o.subject, o.links::text
     having count(*) > 1`,
    [textArray([...KIND_OF_SUBJECT.keys()])],
  );
  return rows.map((row) =>
    violation(
      NAME,
      `${KIND_OF_SUBJECT.get(row.subject)} queued ${row.ids.length} times to ${row.to} (${row.links})`,
      [...row.ids, ...idsIn(row.links)],
    ),
  );
}

/** The mails delivered: one outbox row per address, kind and target; each row delivered once. */
function mailsOnce(world: SimWorld, toldTargets: ReadonlySet<string>): Violation[] {
  const violations: Violation[] = [];
  const rowsByKey = new Map<string, Set<string>>();
  const deliveries = new Map<string, SentMail[]>();
  for (const mail of world.mails) {
    const kind = KIND_OF_SUBJECT.get(mail.subject);
    if (!kind) continue;
    const targets = idsIn(mail.text);
    const outboxId = outboxIdOf(mail.messageId) ?? mail.messageId;
    deliveries.set(outboxId, [...(deliveries.get(outboxId) ?? []), mail]);
    const key = `${mail.to}\u0000${kind}\u0000${targets.join(',')}`;
    rowsByKey.set(key, (rowsByKey.get(key) ?? new Set()).add(outboxId));
    if (!targets.some((id) => toldTargets.has(id))) {
      violations.push(
        violation(
          NAME,
          `${kind} mailed to ${mail.to} about ${targets.join(', ')}, whose marker told no one`,
          [outboxId, ...targets],
        ),
      );
    }
  }
  for (const [key, outboxIds] of rowsByKey) {
    if (outboxIds.size < 2) continue;
    const [to, kind, targets] = key.split('\u0000');
    violations.push(
      violation(NAME, `${kind} mailed ${outboxIds.size} times (separate outbox rows) to ${to}`, [
        ...outboxIds,
        ...targets!.split(','),
      ]),
    );
  }
  for (const [outboxId, mails] of deliveries) {
    const repeats = mails.slice(1).filter((mail) => !inFaultWindow(world, mail.at));
    if (repeats.length === 0) continue;
    violations.push(
      violation(
        NAME,
        `outbox row ${outboxId} delivered ${mails.length} times, outside any fault window`,
        [outboxId, ...idsIn(mails[0]!.text)],
      ),
    );
  }
  return violations;
}
