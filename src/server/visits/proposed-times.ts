/**
 * The open proposal's times. Either side proposes one to three other times at once; the side
 * whose turn it is accepts one of them. Two columns hold them: `proposed_times`, the list, and
 * `proposed_time`, the latest, which expiry reads (a request whose every proposed time passed
 * expires) and which processes from before several times wrote alone. Such a process, running
 * beside this one during an upgrade, leaves a list whose latest is not `proposed_time`: that
 * time alone is then the proposal.
 */

/** The times of a request's open proposal, in the order given; empty when none is open. */
export function proposedTimesOf(request: {
  proposedTime: Date | null;
  proposedTimes: Date[] | null;
}): Date[] {
  const latest = request.proposedTime;
  if (!latest) return [];
  const times = request.proposedTimes ?? [];
  const last = times.length > 0 ? Math.max(...times.map((time) => time.getTime())) : null;
  return last === latest.getTime() ? times : [latest];
}

/** The columns that store a proposal of `times` (one to three, already checked). */
export function proposedTimesColumns(times: Date[]): {
  proposedTime: Date;
  proposedTimes: Date[];
} {
  const latest = Math.max(...times.map((time) => time.getTime()));
  return { proposedTime: new Date(latest), proposedTimes: times };
}
