/**
 * `npm run simulate:year`: the whole site lived through a seminar's year (or, with --term, one
 * term) under a simulated clock, with faults, and every invariant checked (issue 59).
 *
 *   --seed N | --seeds 1,2,3   which runs (default: seed 1)
 *   --term                     2027-03-25 to about 2027-07-31, a smaller seminar
 *   --db postgres|pglite       two processes on a throwaway PostgreSQL (default), or one on PGlite
 *   --from YYYY-MM-DD          the first day (default 2027-04-01, or 2027-03-25 with --term)
 *   --days N                   stop after N simulated days
 *   --faults N                 how many faults to inject
 *   --tick-hours N             hours between ticks (1 for the year, 3 for a term)
 *   --report FILE              the figures and violations as JSON
 *
 * Exits 1 on any violation. The last line: `simulated <from>–<to>, <n> API calls, <m> mails,
 * <f> faults, <i> invariants checked, <v> violations`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lastLine, summary, violationReport, writeReport } from './report';
import { runSeed, type RunResult } from './run';
import { parseFlags } from './main-flags';

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'og-simulate-year-'));
  const results: RunResult[] = [];
  for (const seed of flags.seeds) {
    const result = await runSeed({
      seed,
      term: flags.term,
      db: flags.db,
      from: flags.from,
      days: flags.days,
      faults: flags.faults,
      tickHours: flags.tickHours,
      basePort: Number(process.env.SIMULATE_PORT ?? 4700),
      tempDir,
      log: (line) => console.log(line),
    });
    results.push(result);
    console.log(summary(result));
    for (const line of violationReport(result)) console.log(line);
  }
  rmSync(tempDir, { recursive: true, force: true });
  if (flags.report) writeReport(flags.report, results);
  const violations = results.reduce((total, result) => total + result.violations.length, 0);
  console.log(lastLine(results));
  process.exit(violations > 0 ? 1 : 0);
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
