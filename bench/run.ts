/**
 * `npm run bench`: builds the web app, then for PGlite and for a throwaway PostgreSQL cluster
 * seeds 1,000 → 10,000 → 100,000 alumni (and 20,000 students), starts the production server
 * at each size and loads it with autocannon; at 10,000 alumni every API figure is measured
 * beside a bare Fastify route answering the same JSON, right after it, so ratios hold on a
 * noisy machine. Then start-up time, memory, front-end sizes, Lighthouse and icon processing.
 * Prints one table (markdown), the figures docs/PERFORMANCE.md records.
 *
 * Options: --quick (small sizes, 3-second runs: checks the harness, not the site),
 * --only=pglite|postgres, --no-lighthouse, --no-build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { paths } from '../src/shared/paths';
import { mentorListQuery, type MentorFilters } from '../src/server/mentors/queries';
import { openDatabase, type DatabaseTarget } from '../src/server/db/client';
import { createSession } from '../src/server/credentials/sessions';
import { sessionCookieName } from '../src/server/credentials/session-cookie';
import { freePort, startPostgresCluster } from '../src/server/test/postgres-cluster';
import { measureIconProcessing, type IconFigures } from './images';
import { measureLoad, measureWrites, CONNECTIONS, type LoadFigures } from './load';
import { SERVER_ARGS, SERVER_ENV, repoRoot } from '../scripts/run-server.mjs';
import { startNodeServer, timeNpmStart, type RunningServer } from './processes';
import { benchStudentId, sampleUrlParams, seedBenchMentors, seedBenchStudents } from './seed';
import { frontEndFigures, type FrontEndFigures } from './front-end';
import { seedWriters, writeCapacity, writeRequests, type WriteFixtures } from './writes';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const only = [...args].find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const SECONDS = quick ? 3 : 10;
const GROWTH_SECONDS = quick ? 2 : 5;
const SETTLE_MS = quick ? 2000 : 15_000;
const SIZES = quick ? [300, 1_000] : [1_000, 10_000, 100_000];
const MAIN_SIZE = quick ? 1_000 : 10_000;
const STUDENTS = quick ? 2_000 : 20_000;
/** The request log would dominate a bare route: both servers log warnings only. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

type Backend = 'PGlite' | 'PostgreSQL';

const SEARCHES = [
  ['IT・通信', '面接'],
  ['金融・保険', '佐藤'],
  ['メーカー', 'みらい'],
  ['商社・流通', 'キャリア'],
  ['コンサルティング', '留学'],
  ['IT・通信', 'エンジニア'],
  ['金融・保険', '就活'],
  ['メーカー', '地方'],
] as const;

interface EndpointFigures {
  name: string;
  bytes: number;
  app: LoadFigures;
}

interface WriteFigures extends LoadFigures {
  name: string;
  requests: number;
  capacity: number;
}

interface BackendFigures {
  backend: Backend;
  endpoints: EndpointFigures[];
  /** The bare route answering the OG list's JSON: what every share is of. */
  bare?: LoadFigures;
  /** The list and a search with the read caches off, under the same load. */
  uncached: { list?: LoadFigures; search?: LoadFigures; slotSoon?: LoadFigures };
  writes: WriteFigures[];
  growth: { alumni: number; list: LoadFigures; search: LoadFigures }[];
  /** RSS at the load's last request, its garbage included: what a deployment budgets for. */
  rssAfterLoadBytes: number;
  /** The same once the server has idled a while (V8 collects when allocation stops). */
  rssSettledBytes: number;
  startupMs: number[];
  plans?: { alumni: number; list: string; search: string; searchLabel: string };
}

function endpointPaths(urlParams: string[]) {
  return {
    list: ['/api/mentors'],
    search: SEARCHES.map(
      ([category, q]) =>
        `/api/mentors?category=${encodeURIComponent(category)}&q=${encodeURIComponent(q)}`,
    ),
    detail: urlParams.map((urlParam) => `/api/mentors/${encodeURIComponent(urlParam)}`),
    session: ['/api/auth/session'],
    slotSoon: ['/api/mentors?slotSoon=1'],
  };
}

interface Database {
  target: DatabaseTarget;
  serverEnv: NodeJS.ProcessEnv;
  dispose(): Promise<void>;
}

async function prepareDatabase(backend: Backend, dataDir: string): Promise<Database> {
  if (backend === 'PGlite') {
    return {
      target: { pgliteDir: path.join(dataDir, 'pgdata') },
      serverEnv: {},
      dispose: async () => {},
    };
  }
  const cluster = await startPostgresCluster();
  return {
    target: { databaseUrl: cluster.url() },
    serverEnv: { DATABASE_URL: cluster.url() },
    dispose: () => cluster.destroy(),
  };
}

/** EXPLAIN ANALYZE of the first list page and of the first search, as the site runs them. */
async function explainListQueries(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const explain = async (filters: MentorFilters) => {
    const result = await db.execute(
      sql`EXPLAIN (ANALYZE, COSTS OFF) ${mentorListQuery(db, filters)}`,
    );
    const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
    return rows.map((row) => Object.values(row)[0]).join('\n');
  };
  const [category, q] = SEARCHES[0];
  return {
    list: await explain({}),
    search: await explain({ category, q }),
    searchLabel: `category=${category}&q=${q}`,
  };
}

/** Seeds up to `alumni`, and returns a student's session token and some detail keys. */
async function seed(target: DatabaseTarget, alumni: number, cookieName: string) {
  const started = performance.now();
  const handle = await openDatabase(target);
  try {
    await handle.migrate();
    await seedBenchStudents(handle.db, STUDENTS);
    await seedBenchMentors(handle.db, alumni);
    // Fresh statistics, as autovacuum would have them on a live site.
    await handle.db.execute('ANALYZE');
    const token = await createSession(handle.db, await benchStudentId(handle.db));
    const urlParams = await sampleUrlParams(handle.db, 200);
    const plans = await explainListQueries(handle.db);
    const writers = alumni === MAIN_SIZE ? await seedWriters(handle.db, cookieName) : undefined;
    console.error(
      `bench: seeded ${alumni} alumni in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { token, urlParams, plans, writers };
  } finally {
    await handle.close();
  }
}

async function fetchJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as unknown;
}

async function measureAllWrites(origin: string, fixtures: WriteFixtures) {
  const capacity = writeCapacity(fixtures);
  const figures: WriteFigures[] = [];
  for (const [name, make] of Object.entries(writeRequests(fixtures))) {
    console.error(`bench: writes: ${name}`);
    const measured = await measureWrites(origin, make, { seconds: SECONDS });
    figures.push({ name, ...measured, capacity: capacity[name]! });
  }
  return figures;
}

async function benchBackend(backend: Backend, frontEnd: { run: boolean; lighthouse: boolean }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-bench-'));
  const database = await prepareDatabase(backend, dataDir);
  let server: RunningServer | undefined;
  let bare: RunningServer | undefined;
  const figures: BackendFigures = {
    backend,
    endpoints: [],
    uncached: {},
    writes: [],
    growth: [],
    rssAfterLoadBytes: Number.NaN,
    rssSettledBytes: Number.NaN,
    startupMs: [],
  };
  let frontEndResult: FrontEndFigures | undefined;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...SERVER_ENV,
      ...process.env,
      ...database.serverEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_ORIGIN: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL,
    };
    delete env.SMTP_URL;
    if (backend === 'PGlite') delete env.DATABASE_URL;

    for (const alumni of SIZES) {
      const { token, urlParams, plans, writers } = await seed(
        database.target,
        alumni,
        sessionCookieName(origin),
      );
      figures.plans = { alumni, ...plans };
      const headers = { cookie: `${sessionCookieName(origin)}=${token}` };
      const endpoints = endpointPaths(urlParams);

      // Growth: the database's own latency, one request at a time with the read cache off.
      console.error(`bench: ${backend}, ${alumni} alumni: growth`);
      server = await startNodeServer(SERVER_ARGS, { ...env, READ_CACHE_SECONDS: '0' }, port);
      const single = { headers, seconds: GROWTH_SECONDS, connections: 1 };
      figures.growth.push({
        alumni,
        list: await measureLoad(origin, endpoints.list, single),
        search: await measureLoad(origin, endpoints.search, single),
      });
      if (alumni === MAIN_SIZE) {
        console.error(`bench: ${backend}, ${alumni} alumni: load without the read caches`);
        const loaded = { headers, seconds: SECONDS };
        figures.uncached.list = await measureLoad(origin, endpoints.list, loaded);
        figures.uncached.search = await measureLoad(origin, endpoints.search, loaded);
        // 「2週間以内に空きあり」: the filter on the stored earliest slot (decision 0026).
        figures.uncached.slotSoon = await measureLoad(origin, endpoints.slotSoon, loaded);
      }
      await server.stop();
      server = undefined;
      if (alumni !== MAIN_SIZE) continue;

      // The API under load, as configured by default, then the bare baseline alone.
      console.error(`bench: ${backend}, ${alumni} alumni: load`);
      // One proxy trusted: each sign-in link comes from its own client (bench/writes).
      server = await startNodeServer(SERVER_ARGS, { ...env, TRUST_PROXY: '1' }, port);
      const payloads: Record<string, unknown> = {};
      for (const [name, list] of Object.entries(endpoints)) {
        const body = await fetchJson(`${origin}${list[0]}`, headers);
        payloads[name] = body;
        figures.endpoints.push({
          name,
          bytes: Buffer.byteLength(JSON.stringify(body)),
          app: await measureLoad(origin, list, { headers, seconds: SECONDS }),
        });
      }
      if (writers) figures.writes = await measureAllWrites(origin, writers);
      figures.rssAfterLoadBytes = server.rssBytes();
      // Beside it, what the server keeps: V8's memory reducer collects within about ten seconds
      // of idling.
      await setTimeout(SETTLE_MS);
      figures.rssSettledBytes = server.rssBytes();
      if (frontEnd.run) {
        frontEndResult = await frontEndFigures(origin, {
          cookie: { name: sessionCookieName(origin), value: token },
          mentorPath: paths.mentor(urlParams[0]!),
          lighthouse: frontEnd.lighthouse,
        });
      }
      await server.stop();
      server = undefined;

      const payloadFile = path.join(dataDir, 'payloads.json');
      writeFileSync(payloadFile, JSON.stringify({ list: payloads.list }));
      const barePort = await freePort();
      bare = await startNodeServer(
        [...SERVER_ARGS.slice(0, -1), 'bench/bare-server.mjs'],
        { ...env, PORT: String(barePort), BENCH_PAYLOADS: payloadFile },
        barePort,
      );
      figures.bare = await measureLoad(bare.url, ['/bare/list'], { seconds: SECONDS });
      await bare.stop();
      bare = undefined;

      for (let run = 0; run < 3; run++) figures.startupMs.push(await timeNpmStart(env, port));
    }
  } finally {
    await server?.stop();
    await bare?.stop();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { figures, frontEnd: frontEndResult };
}

// --- the table ---------------------------------------------------------------------------

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

interface Row {
  measure: string;
  cells: string[];
  target: string;
  met: boolean | undefined;
}

const share = (app: LoadFigures, bare: LoadFigures | undefined) =>
  bare ? app.requestsPerSecond / bare.requestsPerSecond : Number.NaN;

const percent = (ratio: number) => `${(100 * ratio).toFixed(ratio < 0.1 ? 1 : 0)}%`;

function loadCell(app: LoadFigures, bare: LoadFigures | undefined, bytes?: number) {
  return (
    `${app.requestsPerSecond.toFixed(0)} (${percent(share(app, bare))}) · ${ms(app.p50Ms)}/${ms(app.p99Ms)}` +
    (bytes === undefined ? '' : ` · ${bytes}`) +
    (app.failures ? ` · ${app.failures} FAILED` : '')
  );
}

interface ReadTarget {
  target: string;
  minShare?: number;
  maxP99Ms: number;
}

/**
 * Every share is of the bare route answering the OG list's JSON in the same run, the
 * reference the targets were set against (docs/PERFORMANCE.md).
 */
function apiRows(all: BackendFigures[]): Row[] {
  const rows: Row[] = [
    {
      measure: 'bare route (the OG list’s JSON, own process): req/s · p50/p99 ms',
      cells: all.map((b) =>
        b.bare
          ? `${b.bare.requestsPerSecond.toFixed(0)} · ${ms(b.bare.p50Ms)}/${ms(b.bare.p99Ms)}`
          : '—',
      ),
      target: '—',
      met: undefined,
    },
  ];
  const targets: Record<string, ReadTarget> = {
    list: { target: '≥ 40% of bare, p99 < 50 ms', minShare: 0.4, maxP99Ms: 50 },
    search: { target: 'p99 < 100 ms', maxP99Ms: 100 },
    detail: { target: '≥ 10% of bare, p99 < 100 ms', minShare: 0.1, maxP99Ms: 100 },
  };
  const meets = (rule: ReadTarget | undefined, app: LoadFigures, bare?: LoadFigures) =>
    rule === undefined
      ? undefined
      : app.failures === 0 &&
        app.p99Ms < rule.maxP99Ms &&
        (rule.minShare === undefined || share(app, bare) >= rule.minShare);
  for (const name of ['list', 'search', 'detail', 'session']) {
    const rule = targets[name];
    const per = all.map((b) => ({ e: b.endpoints.find((e) => e.name === name)!, bare: b.bare }));
    rows.push({
      measure: `${name}: req/s (share of bare) · p50/p99 ms · bytes`,
      cells: per.map(({ e, bare }) => loadCell(e.app, bare, e.bytes)),
      target: rule?.target ?? '—',
      met: rule ? per.every(({ e, bare }) => meets(rule, e.app, bare)) : undefined,
    });
  }
  const uncachedTargets: Record<'list' | 'search' | 'slotSoon', ReadTarget | undefined> = {
    list: { target: '≥ 5% of bare, p99 < 150 ms', minShare: 0.05, maxP99Ms: 150 },
    search: undefined,
    slotSoon: undefined,
  };
  for (const name of ['list', 'search', 'slotSoon'] as const) {
    const rule = uncachedTargets[name];
    rows.push({
      measure: `${name} with READ_CACHE_SECONDS=0: req/s (share of bare) · p50/p99 ms`,
      cells: all.map((b) => (b.uncached[name] ? loadCell(b.uncached[name], b.bare) : '—')),
      target: rule?.target ?? '—',
      met: rule
        ? all.every((b) => b.uncached[name] !== undefined && meets(rule, b.uncached[name], b.bare))
        : undefined,
    });
  }
  return rows;
}

/** Each write at 32 connections, every request another user's: its rate, p50/p99 and errors. */
function writeRows(all: BackendFigures[]): Row[] {
  const names = all[0]?.writes.map((w) => w.name) ?? [];
  return names.map((name) => {
    const per = all.map((b) => b.writes.find((w) => w.name === name));
    return {
      measure: `write, ${name}: req/s · p50/p99 ms · requests`,
      cells: per.map((w) =>
        w
          ? `${w.requestsPerSecond.toFixed(0)} · ${ms(w.p50Ms)}/${ms(w.p99Ms)} · ${w.requests}` +
            (w.failures ? ` · ${w.failures} FAILED` : '') +
            (w.requests > w.capacity ? ' · OVER THE SEEDED LIMITS' : '')
          : '—',
      ),
      target: '0 errors',
      met: per.every((w) => w !== undefined && w.failures === 0 && w.requests <= w.capacity),
    };
  });
}

function growthRows(all: BackendFigures[]): Row[] {
  return (['list', 'search'] as const).map((name) => ({
    measure: `${name}, one request at a time, no cache: p50/p99 ms at ${SIZES.map((n) => n.toLocaleString('en')).join(' / ')} alumni`,
    cells: all.map((b) =>
      b.growth.map((g) => `${ms(g[name].p50Ms)}/${ms(g[name].p99Ms)}`).join(' · '),
    ),
    target: `flat; p99 < ${name === 'list' ? 50 : 100} ms`,
    met: all.every((b) => b.growth.every((g) => g[name].p99Ms < (name === 'list' ? 50 : 100))),
  }));
}

function processRows(all: BackendFigures[]): Row[] {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? values[0]!;
  return [
    {
      measure: 'start-up: `npm start` → healthy /healthz (median of 3)',
      cells: all.map((b) => `${(median(b.startupMs) / 1000).toFixed(2)} s`),
      target: '< 3 s',
      met: all.every((b) => median(b.startupMs) < 3000),
    },
    {
      measure: 'server RSS after the load (at its last request)',
      cells: all.map((b) => mb(b.rssAfterLoadBytes)),
      target: '< 250 MB',
      met: all.every((b) => b.rssAfterLoadBytes < 250 * 1_048_576),
    },
    {
      measure: `server RSS ${SETTLE_MS / 1000} s later (idle: what it keeps)`,
      cells: all.map((b) => mb(b.rssSettledBytes)),
      target: '—',
      met: undefined,
    },
  ];
}

function frontEndRows(frontEnd: FrontEndFigures | undefined, columns: number): Row[] {
  if (!frontEnd) return [];
  const span = (text: string) => [text, ...Array<string>(columns - 1).fill('(same)')];
  return frontEnd.routes.flatMap((route) => [
    {
      measure: `${route.path}: JS · CSS (gzip)`,
      cells: span(`${kb(route.jsGzipBytes)} · ${kb(route.cssGzipBytes)}`),
      target: route.jsBudgetBytes ? `JS ≤ ${kb(route.jsBudgetBytes)}` : '—',
      met: route.jsBudgetBytes ? route.jsGzipBytes <= route.jsBudgetBytes : undefined,
    },
    ...(route.lighthouse
      ? [
          {
            measure: `${route.path}: Lighthouse performance · accessibility (mobile, median of 3)`,
            cells: span(`${route.lighthouse.performance} · ${route.lighthouse.accessibility}`),
            target: '95 · 100',
            met: route.lighthouse.performance >= 95 && route.lighthouse.accessibility === 100,
          },
        ]
      : []),
  ]);
}

function iconRows(icons: IconFigures, columns: number): Row[] {
  return icons.sizes.map((size) => ({
    measure: `12 MP JPEG upload (${kb(icons.uploadBytes)}) → ${size.maxSide} px icon: time · stored`,
    cells: [
      `${ms(size.medianMs)} ms · ${kb(size.storedBytes)}`,
      ...Array<string>(columns - 1).fill('(same)'),
    ],
    target: '< 400 ms',
    met: size.medianMs < 400,
  }));
}

function printTable(rows: Row[], backends: Backend[]) {
  const lines = [
    `| measure | ${backends.join(' | ')} | target | met |`,
    `|---|${backends.map(() => '---|').join('')}---|---|`,
    ...rows.map(
      (row) =>
        `| ${row.measure} | ${row.cells.join(' | ')} | ${row.target} | ${row.met === undefined ? '' : mark(row.met)} |`,
    ),
  ];
  console.log(lines.join('\n'));
}

async function main() {
  if (!args.has('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const backends: Backend[] =
    only === 'postgres'
      ? ['PostgreSQL']
      : only === 'pglite'
        ? ['PGlite']
        : ['PGlite', 'PostgreSQL'];
  const results: Awaited<ReturnType<typeof benchBackend>>[] = [];
  for (const backend of backends) {
    const frontEnd = { run: results.length === 0, lighthouse: !args.has('--no-lighthouse') };
    results.push(await benchBackend(backend, frontEnd));
  }
  const icons = await measureIconProcessing();
  const all = results.map((r) => r.figures);

  console.log(
    `\nOGコネクト benchmark · ${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}) · ${MAIN_SIZE.toLocaleString('en')} alumni, ${STUDENTS.toLocaleString('en')} students · autocannon ${CONNECTIONS} connections × ${SECONDS} s · server LOG_LEVEL=${LOG_LEVEL}${quick ? ' · QUICK RUN (not comparable)' : ''}\n`,
  );
  printTable(
    [
      ...apiRows(all),
      ...writeRows(all),
      ...growthRows(all),
      ...processRows(all),
      ...frontEndRows(results[0]?.frontEnd, backends.length),
      ...iconRows(icons, backends.length),
    ],
    backends,
  );
  for (const figures of all) {
    const plans = figures.plans;
    if (!plans) continue;
    console.log(
      `\n${figures.backend}, ${plans.alumni.toLocaleString('en')} alumni, EXPLAIN ANALYZE of the first list page:\n\n${plans.list}\n\nand of the search ${plans.searchLabel}:\n\n${plans.search}`,
    );
  }
}

await main();
