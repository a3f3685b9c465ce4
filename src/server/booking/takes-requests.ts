import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { instantSql, type Instant } from '../db/prepared';
import { mentors } from '../db/schema';

/**
 * Whether an alumna takes new requests now, and her count this month: the one rule the OG list
 * (its card and its 受付中 filter, over every listed alumna in SQL), her page, a new request and
 * a booking all read (docs/decisions/0035-one-request-rule.md). Here, in booking, because it is
 * the lowest floor that needs it: mentors and visits stand above it. What only a pair decides (a
 * block, an open request, the student's no-shows) is theirs (visits/availability-service.ts).
 */

/**
 * The requests that count toward an alumna's monthly limit: those she received since
 * `monthStart` (the 1st of this month, Japan time), whatever became of them, except a request
 * the student withdrew before she did anything with it: before her own answer (承諾・辞退・
 * 別の日時の提案) and before any message of hers in its thread. A booking her 自動で承諾 agreed
 * at once carries that automatic answer at its very creation time (visits/booking-service), so
 * it is still one she never acted on. Withdrawn requests cost her nothing, and counting them let
 * one student hide her slots from everyone by booking and cancelling (issue 54). The one count
 * for her limit: requestsClosedBy below decides with it, and her own settings show it.
 * Her messages are counted per withdrawn row rather than asked with `not exists`, which the
 * planner turns into an anti-join reading every message of the site for each list page; this
 * stays a look-up in the thread index, made only for a withdrawn request she never answered.
 * A request made from an introduction is counted as the introduction, when she opted in (below).
 */
export function requestsCountingSince(mentorId: string | SQLWrapper, monthStart: Instant) {
  return sql<number>`((select count(*)::int from visit_requests counted where counted.mentor_id = ${mentorId} and counted.created_at >= ${instantSql(monthStart)} and counted.introduction_id is null and not (counted.status = 'cancelled' and counted.cancelled_by = 'student' and (counted.responded_at is null or counted.responded_at = counted.created_at) and (select count(*) from visit_messages said where said.visit_request_id = counted.id and said.sender_side = 'mentor') = 0)) + ${introductionsCountingSince(mentorId, monthStart)})`;
}

/**
 * The introductions (紹介) that count toward her limit: those she opted in to since `monthStart`,
 * each once, whether or not the student has booked yet. The request a student then makes from
 * one carries it and is left out above, so an introduction never counts twice (decision 0044);
 * a pending or declined one costs her nothing.
 */
function introductionsCountingSince(mentorId: string | SQLWrapper, monthStart: Instant) {
  return sql<number>`(select count(*)::int from introductions opted where opted.mentor_id = ${mentorId} and opted.status = 'opted_in' and opted.answered_at >= ${instantSql(monthStart)})`;
}

/** Why an alumna takes no new request now: 受付停止 (hers or the timers'), or her monthly limit. */
export type RequestsClosedBy = 'paused' | 'monthly-limit';

/**
 * Why the alumna of the statement's `mentors` row takes no new request now, or null when she
 * takes them: paused, or as many requests this month (requestsCountingSince, from `monthStart`)
 * as her limit. A CASE, so that her count is looked up only where it decides: for an alumna
 * who takes requests and set a limit, not for every row of every list page.
 */
export function requestsClosedBy(monthStart: Instant): SQL<RequestsClosedBy | null> {
  return sql<RequestsClosedBy | null>`(case when not ${mentors.acceptingRequests} then 'paused' when ${monthlyLimitReached(monthStart)} then 'monthly-limit' end)`;
}

/**
 * Whether the alumna of the statement's `mentors` row has as many requests this month as her
 * limit, paused or not: what an opt-in to an introduction, which counts, must not go past.
 */
export function monthlyLimitReached(monthStart: Instant): SQL<boolean> {
  return sql<boolean>`(${mentors.monthlyRequestLimit} is not null and ${requestsCountingSince(mentors.userId, monthStart)} >= ${mentors.monthlyRequestLimit})`;
}

/** The same rule as a condition: the alumnae who take new requests now (the list's 受付中のみ). */
export function takesRequests(monthStart: Instant): SQL<boolean> {
  return sql<boolean>`(${requestsClosedBy(monthStart)} is null)`;
}
