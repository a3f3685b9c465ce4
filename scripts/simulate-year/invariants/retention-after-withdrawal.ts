import { MAIL_LOG_DAYS, RETENTION_DAYS } from '../../../src/shared/constants';
import type { Invariant, SimWorld, Violation } from '../types';
import { instant, simNowParam, textArray, TICK_SLACK_MS, violation } from './support';

const NAME = 'retention-after-withdrawal';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a person was known by, remembered from the checks before she left. */
interface Remembered {
  names: string[];
  addresses: string[];
}

/**
 * After a withdrawal (or an admin's deletion: audit_log 'account.withdraw', 'admin.user.delete')
 * only what docs/RETENTION.md lists stays:
 *   - no row anywhere still names her id: every foreign key to users, read from the catalogue
 *     (pg_constraint), so a table added later is covered (her rows deleted, or her side null);
 *   - her requests stay with the other side, none still waiting or agreed with a meeting ahead
 *     (those are cancelled as 「相手の退会」), and one both of whose people left is gone by the next
 *     maintenance unless a report cites it;
 *   - her notes: only shared ones stay without her (a student's choice); notes about a departed
 *     alumna are not left offered or shared with her name;
 *   - resolved reports and cleared holds go RETENTION_DAYS after (retention-service.ts);
 *   - what she was known by (her names and addresses, remembered from earlier checks: the rows
 *     that held them are gone) names her nowhere the other side reads: not in another person's
 *     bell entries, no mail is queued to her addresses after she left (unless an account or
 *     a registration holds the address again), and what was sent to them before is out of the
 *     mail log; nobody's mail stays in it past MAIL_LOG_DAYS.
 * Whether a pending invitation she sent expired is not checked: its inviter is cleared with her.
 * Each instance remembers the people it saw: make one per run (retentionAfterWithdrawal()).
 */
export function retentionAfterWithdrawal(): Invariant {
  const remembered = new Map<string, Remembered>();
  return {
    name: NAME,
    when: ['daily', 'end'],
    async check(world) {
      const gone = await world.query<{ id: string; left_at: unknown }>(
        `select a.target_id as id, max(a.created_at) as left_at from audit_log a
          where a.action in ('account.withdraw', 'admin.user.delete')
            and not exists (select 1 from users u where u.id::text = a.target_id)
          group by a.target_id order by 1`,
      );
      const ids = gone.map((row) => row.id);
      const violations: Violation[] = [
        ...(await rowsNamingThem(world, ids)),
        ...(await requestsLeft(world)),
        ...(await notesLeft(world)),
        ...(await expiredRecords(world)),
        ...(await whatTheyWereKnownBy(world, gone, remembered)),
      ];
      await remember(world, remembered);
      return violations;
    },
  };
}

async function rowsNamingThem(world: SimWorld, ids: string[]): Promise<Violation[]> {
  if (ids.length === 0) return [];
  const keys = await world.query<{ tbl: string; col: string }>(
    `select c.conrelid::regclass::text as tbl, a.attname as col
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'users'::regclass
      order by 1, 2`,
  );
  const violations: Violation[] = [];
  for (const key of keys) {
    const rows = await world.query<{ id: string }>(
      `select distinct ${key.col}::text as id from ${key.tbl} where ${key.col}::text = any($1::text[])`,
      [textArray(ids)],
    );
    for (const row of rows) {
      violations.push(
        violation(NAME, `${key.tbl}.${key.col} still names ${row.id}, who left`, [row.id]),
      );
    }
  }
  return violations;
}

async function requestsLeft(world: SimWorld): Promise<Violation[]> {
  const open = await world.query<{
    id: string;
    student_id: string | null;
    mentor_id: string | null;
    status: string;
  }>(
    `select id, student_id, mentor_id, status from visit_requests
      where (student_id is null or mentor_id is null)
        and (status = 'pending' or (status = 'accepted' and meeting_at > $1::timestamptz))
      order by id`,
    [simNowParam(world)],
  );
  const orphans = await world.query<{ id: string }>(
    `select r.id from visit_requests r
      where r.student_id is null and r.mentor_id is null
        and not exists (select 1 from user_reports p where p.visit_request_id = r.id)
        and (select max(created_at) from audit_log
              where action in ('account.withdraw', 'admin.user.delete'))
            < $1::timestamptz - make_interval(secs => $2::float8)
      order by r.id`,
    [simNowParam(world), TICK_SLACK_MS / 1000],
  );
  return [
    ...open.map((row) =>
      violation(NAME, `request ${row.id} is still ${row.status} with a side who left`, [
        row.id,
        row.student_id,
        row.mentor_id,
      ]),
    ),
    ...orphans.map((row) =>
      violation(NAME, `request ${row.id} outlived both its people`, [row.id]),
    ),
  ];
}

async function notesLeft(world: SimWorld): Promise<Violation[]> {
  const rows = await world.query<{ id: string; sharing: string; why: string }>(
    `select id, sharing, 'its author left' as why from visit_notes
      where author_id is null and sharing not in ('shared', 'withdrawn')
     union all
     select id, sharing, 'its alumna left' from visit_notes
      where mentor_id is null
        and (sharing in ('offered', 'changes_requested') or (sharing = 'shared' and show_name))
      order by 1`,
  );
  return rows.map((row) =>
    violation(NAME, `note ${row.id} is ${row.sharing} though ${row.why}`, [row.id]),
  );
}

async function expiredRecords(world: SimWorld): Promise<Violation[]> {
  const params = [simNowParam(world), (RETENTION_DAYS * DAY_MS + TICK_SLACK_MS) / 1000];
  const rows = await world.query<{ id: string; what: string }>(
    `select id::text, 'resolved report' as what from user_reports
      where status = 'resolved' and resolved_at < $1::timestamptz - make_interval(secs => $2::float8)
     union all
     select id::text, 'cleared registration hold' from registration_holds
      where cleared_at < $1::timestamptz - make_interval(secs => $2::float8)`,
    params,
  );
  const mailLog = await world.query<{ id: string }>(
    `select id::text from outbox
      where channel = 'mail' and status in ('sent', 'failed')
        and coalesce(sent_at, created_at) < $1::timestamptz - make_interval(secs => $2::float8)`,
    [simNowParam(world), (MAIL_LOG_DAYS * DAY_MS + TICK_SLACK_MS) / 1000],
  );
  return [
    ...rows.map((row) =>
      violation(NAME, `${row.what} ${row.id} kept past ${RETENTION_DAYS} days`, [row.id]),
    ),
    ...mailLog.map((row) =>
      violation(NAME, `mail ${row.id} kept in the mail log past ${MAIL_LOG_DAYS} days`, [row.id]),
    ),
  ];
}

async function whatTheyWereKnownBy(
  world: SimWorld,
  gone: { id: string; left_at: unknown }[],
  remembered: Map<string, Remembered>,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const { id, left_at } of gone) {
    const known = remembered.get(id);
    if (!known) continue;
    // A name another person still has is not hers alone to be found by.
    const named = await world.query<{
      id: string;
      user_id: string;
      visit_request_id: string | null;
    }>(
      `select id, user_id, visit_request_id from notifications
        where actor_name = any($1::text[])
          and not exists (select 1 from students s where s.name = actor_name)
          and not exists (select 1 from mentors m where m.name = actor_name)
        order by id`,
      [textArray(known.names)],
    );
    for (const row of named) {
      violations.push(
        violation(NAME, `${row.user_id}'s bell entry ${row.id} still names ${id}, who left`, [
          id,
          row.user_id,
          row.id,
          row.visit_request_id,
        ]),
      );
    }
    const mailed = await world.query<{ id: string; to: string }>(
      `select o.id, o."to" from outbox o
        where o.channel = 'mail' and lower(o."to") = any($1::text[]) and o.created_at > $2::timestamptz
          and not exists (select 1 from users u where lower(u.email) = lower(o."to"))
          and not exists (select 1 from pending_registrations p where lower(p.email) = lower(o."to"))
        order by o.id`,
      [textArray(known.addresses), instant(left_at)!.toISOString()],
    );
    for (const row of mailed) {
      violations.push(
        violation(NAME, `mail ${row.id} queued to ${id}'s address after she left`, [id, row.id]),
      );
    }
    // The mail log forgets her when she leaves: what was sent to her before is gone.
    const logged = await world.query<{ id: string }>(
      `select o.id from outbox o
        where o.channel = 'mail' and o.status = 'sent' and lower(o."to") = any($1::text[])
          and o.sent_at <= $2::timestamptz
          and not exists (select 1 from users u where lower(u.email) = lower(o."to"))
        order by o.id`,
      [textArray(known.addresses), instant(left_at)!.toISOString()],
    );
    for (const row of logged) {
      violations.push(
        violation(NAME, `mail ${row.id}, sent to ${id} before she left, is still in the mail log`, [
          id,
          row.id,
        ]),
      );
    }
  }
  return violations;
}

/** Her names and addresses as they are now, for after she leaves. */
async function remember(world: SimWorld, remembered: Map<string, Remembered>): Promise<void> {
  const people = await world.query<{ id: string; names: string[]; addresses: string[] }>(
    `select u.id::text as id,
            array_remove(array[s.name, m.name], null) as names,
            array_remove(array[lower(u.email), lower(s.contact_email), lower(s.email), lower(m.contact_email)], null) as addresses
       from users u
       left join students s on s.user_id = u.id
       left join mentors m on m.user_id = u.id`,
  );
  for (const person of people) {
    const before = remembered.get(person.id) ?? { names: [], addresses: [] };
    remembered.set(person.id, {
      names: [...new Set([...before.names, ...person.names])],
      addresses: [...new Set([...before.addresses, ...person.addresses])],
    });
  }
}
