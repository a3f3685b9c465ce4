// `npm test`'s last step: how long each part of the run took, from the JSON reports the run
// wrote, against its budget in bench/budgets.ts (docs/decisions/0036). Prints one line per part
// and fails, naming the part, its time and its budget, when one is over.
//
//   tsx scripts/test-budgets.ts REPORTS_DIR RUN_SECONDS   check (scripts/test.sh)
//   tsx scripts/test-budgets.ts --table                    the README's table of the budgets
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import config from '../vitest.config';
import { TEST_RUN_BUDGETS, type TestRunBudget, type TestRunReport } from '../bench/budgets';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// --------------------------------------------------------------------------- files → projects

export interface VitestProject {
  name: string;
  include: RegExp[];
  exclude: RegExp[];
}

/** A glob of the kinds vitest.config.ts writes (`**`, `*`, `?`, `{a,b}`) as a regular expression. */
export function globToRegExp(glob: string): RegExp {
  let pattern = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (glob.startsWith('**/', i)) {
      pattern += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      pattern += '.*';
      i += 1;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else if (char === '{') {
      pattern += '(?:';
      braces++;
    } else if (char === '}' && braces > 0) {
      pattern += ')';
      braces--;
    } else if (char === ',' && braces > 0) pattern += '|';
    else pattern += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

interface ProjectEntry {
  test?: { name?: string; include?: string[]; exclude?: string[] };
}

/** The projects of a Vitest config (vitest.config.ts's), with their globs. */
export function vitestProjects(vitestConfig: { test?: { projects?: unknown[] } }): VitestProject[] {
  return ((vitestConfig.test?.projects ?? []) as ProjectEntry[]).map(({ test = {} }) => ({
    name: test.name ?? '',
    include: (test.include ?? []).map(globToRegExp),
    exclude: (test.exclude ?? []).map(globToRegExp),
  }));
}

/** The project a test file (a path from the repository's root) belongs to. */
export function projectOf(projects: VitestProject[], file: string): string | undefined {
  const found = projects.filter(
    (project) =>
      project.include.some((glob) => glob.test(file)) &&
      !project.exclude.some((glob) => glob.test(file)),
  );
  return found.length === 1 ? found[0]!.name : undefined;
}

// --------------------------------------------------------------------------------- the reports

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

interface PlaywrightReport {
  stats: { duration: number };
}

/** What `npm run simulate:year -- --report FILE` writes (scripts/simulate-year/report.ts). */
interface SimulateReport {
  /** The driver's whole time (runs side by side overlap); older reports lack it. */
  wallMs?: number;
  runs: { wallMs: number }[];
}

export const REPORT_FILES: Record<Exclude<TestRunReport, 'run'>, string> = {
  vitest: 'vitest.json',
  'vitest-postgres': 'vitest-postgres.json',
  playwright: 'playwright.json',
  simulate: 'simulate.json',
};

/**
 * Seconds each project took in a Vitest report: from its first test's start to its last test's
 * end (the JSON report records both for each file). The projects run one after another
 * (vitest.config.ts), so this is the project's own time, less its first file's set-up.
 */
export function vitestSeconds(
  report: VitestReport,
  projects: VitestProject[],
  repoRoot = root,
): Map<string, number> {
  const spans = new Map<string, { start: number; end: number }>();
  for (const file of report.testResults) {
    // A file whose tests were all skipped has no times: the report puts both at the run's start.
    if (file.endTime <= file.startTime) continue;
    const relative = path.relative(repoRoot, file.name).split(path.sep).join('/');
    const project = projectOf(projects, relative) ?? `(no project: ${relative})`;
    const span = spans.get(project);
    spans.set(project, {
      start: Math.min(span?.start ?? Infinity, file.startTime),
      end: Math.max(span?.end ?? 0, file.endTime),
    });
  }
  return new Map(
    [...spans].map(([project, { start, end }]) => [project, Math.max(0, end - start) / 1000]),
  );
}

// --------------------------------------------------------------------------------- the check

const PASS = { vitest: 'PGlite', 'vitest-postgres': 'PostgreSQL' } as const;

/** A part's name as the output and the README say it. */
export function partName(budget: Pick<TestRunBudget, 'report' | 'project'>): string {
  if (budget.report === 'playwright') return 'Playwright journeys';
  if (budget.report === 'simulate') return 'the simulated term (three seeds side by side)';
  if (budget.report === 'run') return 'the whole run (typecheck to journeys)';
  return `Vitest ${budget.project} on ${PASS[budget.report]}`;
}

export interface PartTime {
  part: string;
  seconds: number;
  budget: number | undefined;
  aim?: number;
}

export interface Measured {
  vitest?: VitestReport;
  'vitest-postgres'?: VitestReport;
  playwright?: PlaywrightReport;
  simulate?: SimulateReport;
  runSeconds?: number;
}

/**
 * Each part's time beside its budget: every budgeted part whose report is there, and every
 * Vitest project a report has that no budget names (its budget undefined: a new project needs
 * one).
 */
export function partTimes(
  measured: Measured,
  budgets: readonly TestRunBudget[] = TEST_RUN_BUDGETS,
  projects: VitestProject[] = vitestProjects(config),
  repoRoot = root,
): PartTime[] {
  const times: PartTime[] = [];
  for (const report of ['vitest', 'vitest-postgres'] as const) {
    const found = measured[report];
    if (!found) continue;
    const seconds = vitestSeconds(found, projects, repoRoot);
    for (const budget of budgets.filter((b) => b.report === report)) {
      times.push({
        part: partName(budget),
        seconds: seconds.get(budget.project!) ?? 0,
        budget: budget.seconds,
      });
      seconds.delete(budget.project!);
    }
    for (const [project, took] of seconds) {
      times.push({ part: partName({ report, project }), seconds: took, budget: undefined });
    }
  }
  const journeys = budgets.find((b) => b.report === 'playwright');
  if (measured.playwright) {
    times.push({
      part: partName({ report: 'playwright' }),
      seconds: measured.playwright.stats.duration / 1000,
      budget: journeys?.seconds,
    });
  }
  const simulated = budgets.find((b) => b.report === 'simulate');
  if (measured.simulate) {
    times.push({
      part: partName({ report: 'simulate' }),
      seconds:
        (measured.simulate.wallMs ??
          measured.simulate.runs.reduce((sum, run) => sum + run.wallMs, 0)) / 1000,
      budget: simulated?.seconds,
    });
  }
  const run = budgets.find((b) => b.report === 'run');
  if (measured.runSeconds !== undefined) {
    times.push({
      part: partName({ report: 'run' }),
      seconds: measured.runSeconds,
      budget: run?.seconds,
      aim: run?.aim,
    });
  }
  return times;
}

const seconds = (value: number) => `${Math.round(value).toLocaleString('en')} s`;

/**
 * One line per part; the lines of the parts over budget (or with none) start with "OVER
 * BUDGET" and fail the run, those over their aim only with "OVER THE AIM", after the others.
 */
export function checkLines(times: PartTime[]): { lines: string[]; over: string[] } {
  const lines: string[] = [];
  const overAim: string[] = [];
  const over: string[] = [];
  for (const { part, seconds: took, budget, aim } of times) {
    if (budget === undefined) {
      over.push(`OVER BUDGET: ${part} took ${seconds(took)} and has no budget in bench/budgets.ts`);
    } else if (took > budget) {
      over.push(`OVER BUDGET: ${part} took ${seconds(took)}, its budget is ${seconds(budget)}`);
    } else if (aim !== undefined && took > aim) {
      overAim.push(
        `OVER THE AIM: ${part} took ${seconds(took)}, its aim is ${seconds(aim)} ` +
          `(its budget ${seconds(budget)}): a slow machine, or a part that grew`,
      );
    } else {
      lines.push(`${part}: ${seconds(took)} of ${seconds(budget)}`);
    }
  }
  return { lines: [...lines, ...overAim, ...over], over };
}

/** The README's table of the budgets (a test holds the README to it). */
export function budgetTable(budgets: readonly TestRunBudget[] = TEST_RUN_BUDGETS): string {
  const rows = budgets.map(
    (budget) =>
      `| ${partName(budget)} | ${budget.measures} | ${seconds(budget.seconds)} | ` +
      `${budget.aim === undefined ? '' : seconds(budget.aim)} |`,
  );
  return ['| Part | Its time is | Budget | Aim |', '| --- | --- | ---: | ---: |', ...rows].join(
    '\n',
  );
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function main(args: string[]) {
  if (args[0] === '--table') {
    console.log(budgetTable());
    return;
  }
  const [reports, run] = args;
  if (!reports) {
    console.error('usage: tsx scripts/test-budgets.ts REPORTS_DIR [RUN_SECONDS] | --table');
    process.exit(2);
  }
  const { lines, over } = checkLines(
    partTimes({
      vitest: readJson(path.join(reports, REPORT_FILES.vitest)),
      'vitest-postgres': readJson(path.join(reports, REPORT_FILES['vitest-postgres'])),
      playwright: readJson(path.join(reports, REPORT_FILES.playwright)),
      simulate: readJson(path.join(reports, REPORT_FILES.simulate)),
      runSeconds: run === undefined ? undefined : Number(run),
    }),
  );
  for (const line of lines) console.log(`test-budgets: ${line}`);
  if (over.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
