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
 *   --tick-hours N             hours between ticks (default 3; the invariants allow up to 3)
 *   --report FILE              the figures and violations as JSON
 *   --jobs N                   run up to N seeds side by side (each its own ports and database)
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
import { ensureBundle } from './world';

/** Ports a seed's world may take from its base (two processes; the rest to spare). */
const PORTS_PER_SEED = 10;

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const started = Date.now();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'og-simulate-year-'));
  const basePort = Number(process.env.SIMULATE_PORT ?? 4700);
  // Built once, before any seed's world looks at it (side by side, each would build it).
  await ensureBundle();
  const results: RunResult[] = [];
  const waiting = flags.seeds.map((seed, index) => ({ seed, index }));
  const worker = async () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const result = await runSeed({
        seed: next.seed,
        term: flags.term,
        db: flags.db,
        from: flags.from,
        days: flags.days,
        faults: flags.faults,
        tickHours: flags.tickHours,
        basePort: basePort + next.index * PORTS_PER_SEED,
        tempDir,
        log: (line) => console.log(line),
      });
      results.push(result);
      console.log(summary(result));
      for (const line of violationReport(result)) console.log(line);
    }
  };
  await Promise.all(Array.from({ length: Math.min(flags.jobs, flags.seeds.length) }, worker));
  // The report and the last line list the seeds in the order they were asked for.
  results.sort((a, b) => flags.seeds.indexOf(a.seed) - flags.seeds.indexOf(b.seed));
  rmSync(tempDir, { recursive: true, force: true });
  if (flags.report) writeReport(flags.report, results, Date.now() - started);
  const violations = results.reduce((total, result) => total + result.violations.length, 0);
  console.log(lastLine(results));
  process.exit(violations > 0 ? 1 : 0);
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
