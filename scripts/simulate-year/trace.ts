import type { TraceEntry, Violation } from './types';

/** The trace of every API call, and the shortest trace of a violation. */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The row ids a path names (its uuid segments). */
export function idsInPath(path: string): string[] {
  return path.match(UUID) ?? [];
}

/** The calls whose ids meet the violation's, the last `limit` of them (all of them if none). */
export function shortestTrace(
  trace: readonly TraceEntry[],
  violation: Violation,
  limit = 40,
): TraceEntry[] {
  const wanted = new Set(violation.ids);
  const meeting = trace.filter((entry) => entry.ids.some((id) => wanted.has(id)));
  return meeting.slice(-limit);
}

export function formatEntry(entry: TraceEntry): string {
  return `#${entry.seq} ${entry.simTime} ${entry.who}@${entry.process} ${entry.method} ${entry.path} → ${entry.status}`;
}

/**
 * What must be the same in two runs of one seed: the calls made and their answers, each row id
 * named by the order it first appeared in (`#3`), since the database draws new uuids each run.
 */
export function traceShape(trace: readonly TraceEntry[]): string[] {
  const names = new Map<string, string>();
  const name = (id: string) => {
    const key = id.toLowerCase();
    if (!names.has(key)) names.set(key, `#${names.size + 1}`);
    return names.get(key)!;
  };
  return trace.map(
    (entry) => `${entry.who} ${entry.method} ${entry.path.replace(UUID, name)} ${entry.status}`,
  );
}
