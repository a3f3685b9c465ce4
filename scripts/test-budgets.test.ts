import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_RUN_BUDGETS } from '../bench/budgets';
import config from '../vitest.config';
import {
  budgetTable,
  checkLines,
  globToRegExp,
  partTimes,
  projectOf,
  REPORT_FILES,
  vitestProjects,
  vitestSeconds,
} from './test-budgets';

const root = path.resolve(import.meta.dirname, '..');
const projects = vitestProjects(config);

/** A Vitest JSON report's file entry: `file` from the root, times in seconds from 0. */
const ran = (file: string, start: number, end: number) => ({
  name: path.join(root, file),
  startTime: start * 1000,
  endTime: end * 1000,
});

describe('the parts of the test run', () => {
  it('reads vitest.config.ts’s globs as Vitest does', () => {
    expect(globToRegExp('src/web/**/*.test.{ts,tsx}').test('src/web/features/a/b.test.tsx')).toBe(
      true,
    );
    expect(globToRegExp('src/web/**/*.test.{ts,tsx}').test('src/web/a.test.ts')).toBe(true);
    expect(globToRegExp('src/web/**/*.test.{ts,tsx}').test('src/web/a.test.js')).toBe(false);
    expect(globToRegExp('src/server/**/*.test.ts').test('src/server/x.test.ts')).toBe(true);
    expect(
      globToRegExp('src/server/test/operations/**').test('src/server/test/operations/a.ts'),
    ).toBe(true);
    expect(globToRegExp('src/server/*.test.ts').test('src/server/a/b.test.ts')).toBe(false);
    expect(projectOf(projects, 'src/server/db/retry.test.ts')).toBe('server-mocking');
    expect(projectOf(projects, 'src/server/test/whole-app/bad-input.test.ts')).toBe('whole-app');
    expect(projectOf(projects, 'src/server/test/operations/load.test.ts')).toBe('operations');
    expect(projectOf(projects, 'src/shared/years.test.ts')).toBe('server');
    expect(projectOf(projects, 'scripts/test-budgets.test.ts')).toBe('server');
    expect(projectOf(projects, 'src/web/features/auth/login-page.test.tsx')).toBe('web');
  });

  it('times a Vitest project from its first test’s start to its last test’s end', () => {
    const seconds = vitestSeconds(
      {
        testResults: [
          ran('src/shared/years.test.ts', 10, 12),
          ran('src/server/mail/mail.test.ts', 12, 40),
          ran('src/web/features/auth/login-page.test.tsx', 41, 50),
          // Skipped whole (a PostgreSQL-only file on PGlite): the report gives it the run's start.
          ran('src/server/test/operations/guide.test.ts', 0, 0),
          ran('src/server/test/operations/load.test.ts', 50, 80),
        ],
      },
      projects,
    );
    expect(Object.fromEntries(seconds)).toEqual({ server: 30, web: 9, operations: 30 });
  });

  it('names the part, its time and its budget when a part is over, and one without a budget', () => {
    const times = partTimes(
      {
        vitest: {
          testResults: [
            ran('src/shared/years.test.ts', 0, 100),
            ran('src/web/features/auth/login-page.test.tsx', 100, 400),
          ],
        },
        playwright: { stats: { duration: 1_250_000 } },
        runSeconds: 2000,
      },
      [
        { report: 'vitest', project: 'server', measures: '', seconds: 120 },
        { report: 'playwright', measures: '', seconds: 1000 },
        { report: 'run', measures: '', seconds: 1800 },
      ],
    );
    const { lines, over } = checkLines(times);
    expect(lines[0]).toBe('Vitest server on PGlite: 100 s of 120 s');
    expect(over).toEqual([
      'OVER BUDGET: Vitest web on PGlite took 300 s and has no budget in bench/budgets.ts',
      'OVER BUDGET: Playwright journeys took 1,250 s, its budget is 1,000 s',
      'OVER BUDGET: the whole run (typecheck to journeys) took 2,000 s, its budget is 1,800 s',
    ]);
  });

  it('says when the whole run is over its aim, and fails it only over its budget', () => {
    const budgets = [{ report: 'run' as const, measures: '', seconds: 2700, aim: 1800 }];
    const within = checkLines(partTimes({ runSeconds: 1500 }, budgets));
    expect(within).toEqual({
      lines: ['the whole run (typecheck to journeys): 1,500 s of 2,700 s'],
      over: [],
    });
    const slow = checkLines(partTimes({ runSeconds: 2125 }, budgets));
    expect(slow.over).toEqual([]);
    expect(slow.lines).toEqual([
      'OVER THE AIM: the whole run (typecheck to journeys) took 2,125 s, its aim is 1,800 s ' +
        '(its budget 2,700 s): a slow machine, or a part that grew',
    ]);
    expect(checkLines(partTimes({ runSeconds: 2800 }, budgets)).over).toEqual([
      'OVER BUDGET: the whole run (typecheck to journeys) took 2,800 s, its budget is 2,700 s',
    ]);
  });

  it('times the simulated term by the driver’s clock, which runs overlapping seeds once', () => {
    const budgets = [{ report: 'simulate' as const, measures: '', seconds: 300 }];
    const runs = [{ wallMs: 200_000 }, { wallMs: 210_000 }, { wallMs: 190_000 }];
    // Side by side (--jobs 3): the driver's 230 s, not the runs' 600 s.
    expect(partTimes({ simulate: { wallMs: 230_000, runs } }, budgets)[0]?.seconds).toBe(230);
    // A report written before the driver's own clock: the runs one after another.
    expect(partTimes({ simulate: { runs } }, budgets)[0]?.seconds).toBe(600);
  });

  it('has a budget for every Vitest project in the PGlite pass (which runs them all)', () => {
    for (const { name } of projects) {
      expect(
        TEST_RUN_BUDGETS.some((budget) => budget.report === 'vitest' && budget.project === name),
        name,
      ).toBe(true);
    }
  });

  it('are the README’s table of budgets', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const table = /<!-- test-run-budgets -->([\s\S]*?)<!-- \/test-run-budgets -->/.exec(readme);
    expect(table, 'README.md has the budgets between its two markers').not.toBeNull();
    // Prettier pads the README's table: compare cell by cell.
    const cells = (text: string) =>
      text
        .split('\n')
        .map((line) =>
          line
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim()),
        )
        .filter((row) => !row.every((cell) => /^:?-+:?$/.test(cell)));
    expect(cells(table![1]!)).toEqual(cells(budgetTable()));
  });
});

describe('scripts/test-budgets.ts, as scripts/test.sh runs it', () => {
  const reports = mkdtempSync(path.join(os.tmpdir(), 'og-budgets-'));
  afterAll(() => rmSync(reports, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/test-budgets.ts', reports, ...args],
      { cwd: root },
    );

  it('passes within the budgets and fails, saying so, over one', async () => {
    writeFileSync(
      path.join(reports, REPORT_FILES.playwright),
      JSON.stringify({ stats: { duration: 60_000 } }),
    );
    const within = await run('600');
    expect(within.stdout).toContain('test-budgets: Playwright journeys: 60 s of');
    expect(within.stdout).toContain(
      'test-budgets: the whole run (typecheck to journeys): 600 s of',
    );

    const over = run(String(24 * 3600));
    await expect(over).rejects.toMatchObject({ code: 1 });
    const { stdout } = (await over.catch((error: unknown) => error)) as { stdout: string };
    expect(stdout).toMatch(
      /OVER BUDGET: the whole run \(typecheck to journeys\) took 86,400 s, its budget is [\d,]+ s/,
    );
    // Two starts of tsx, each loading vitest.config.ts: seconds, more on a busy machine.
  }, 120_000);
});
