import { writeFileSync } from 'node:fs';
import type { RunResult } from './run';
import { formatEntry, shortestTrace } from './trace';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** What a run prints and writes: each violation with its shortest trace, and the last line. */

export function violationReport(result: RunResult): string[] {
  const lines: string[] = [];
  for (const violation of result.violations) {
    lines.push(
      `VIOLATION seed ${violation.seed} at ${violation.simTime.slice(0, 10)} (${violation.simTime}): ${violation.invariant}: ${violation.message}`,
    );
    const calls = shortestTrace(result.trace, violation);
    if (calls.length === 0) lines.push('  (no call names its ids)');
    for (const entry of calls) lines.push(`  ${formatEntry(entry)}`);
  }
  return lines;
}

/** The calls of the API itself (not the driver's /_dev/sim/* handles). */
export function apiCalls(result: RunResult): number {
  return result.trace.filter((entry) => !entry.path.startsWith('/_dev/')).length;
}

export function summary(result: RunResult): string {
  return (
    `seed ${result.seed} (${result.db}${result.simMode ? '' : ', no sim mode'}): ` +
    `${(result.wallMs / 1000).toFixed(1)} s, ${apiCalls(result)} API calls, ${result.mails} mails, ` +
    `${result.faults.length} faults, ${result.invariantsChecked} invariants checked, ` +
    `${result.violations.length} violations`
  );
}

/** The last line: the figures of every seed together. */
export function lastLine(results: RunResult[]): string {
  const sum = (of: (result: RunResult) => number) => results.reduce((total, r) => total + of(r), 0);
  const from = results[0]?.from ?? '';
  const to = results[0]?.to ?? '';
  return (
    `simulated ${from}–${to}, ${sum(apiCalls)} API calls, ${sum((r) => r.mails)} mails, ` +
    `${sum((r) => r.faults.length)} faults, ${sum((r) => r.invariantsChecked)} invariants checked, ` +
    `${sum((r) => r.violations.length)} violations`
  );
}

/** How often each route answered each status ("POST /api/visit-requests/:id/accept 200"). */
export function answersByRoute(result: RunResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of result.trace) {
    const route = entry.path
      .replace(UUID, ':id')
      .replace(/\/mentors\/[^/?]+\/slots/, '/mentors/:urlParam/slots')
      .replace(/\?.*$/, '');
    const key = `${entry.method} ${route} ${entry.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

export function writeReport(file: string, results: RunResult[], wallMs: number): void {
  const report = {
    // The driver's own time: with --jobs the runs overlap, so it is less than their sum.
    wallMs,
    runs: results.map((result) => ({
      seed: result.seed,
      db: result.db,
      from: result.from,
      to: result.to,
      simMode: result.simMode,
      wallMs: result.wallMs,
      apiCalls: apiCalls(result),
      ticks: result.trace.filter((entry) => entry.path === '/_dev/sim/tick').length,
      serverErrors: result.trace.filter((entry) => entry.status >= 500).length,
      unanswered: result.trace.filter((entry) => entry.status === 0).length,
      mails: result.mails,
      faults: result.faults,
      invariantsChecked: result.invariantsChecked,
      actions: result.actions,
      eventMs: result.eventMs,
      happenings: result.happenings,
      crashes: result.crashes,
      answers: answersByRoute(result),
      // Every call, when asked for (SIMULATE_FULL_TRACE=1): for looking into a run.
      ...(process.env.SIMULATE_FULL_TRACE ? { trace: result.trace } : {}),
      violations: result.violations.map((violation) => ({
        ...violation,
        trace: shortestTrace(result.trace, violation),
      })),
    })),
    summary: lastLine(results),
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
