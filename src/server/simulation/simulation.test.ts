import { afterEach, describe, expect, it } from 'vitest';
import { VISIT_EXPIRY_DAYS } from '../../shared/constants';
import { buildApp, type App } from '../app';
import { ConfigError, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase, testConfig } from '../test/app';
import { createRequest, DAY_MS, newMentor, newStudent, requestRow } from '../test/factories/visits';
import { SIMULATION_SEARCH_PATH } from './database-clock';

// The simulated year's clock and handles (decision 0046), on PGlite and (TEST_DATABASE_URL)
// on PostgreSQL, where now() follows the process only through sim.now().

const START = new Date('2027-04-01T00:00:00.000Z');
const opened: { app?: App; database: DatabaseHandle }[] = [];

async function simulatedApp(start: Date, database?: DatabaseHandle) {
  const handle = database ?? (await openTestDatabase({ searchPath: SIMULATION_SEARCH_PATH }));
  const app = await buildApp(testConfig({ simulatedClock: start }), {
    runBackgroundJobs: false,
    logger: false,
    database: handle,
  });
  await app.ready();
  opened.push({ app, database: handle });
  return { app, database: handle };
}

afterEach(async () => {
  for (const { app } of opened) await app?.close();
  const databases = new Set(opened.map(({ database }) => database));
  opened.length = 0;
  for (const database of databases) await database.close();
});

async function sqlNow(app: App): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/_dev/sim/query',
    payload: { sql: 'select now() as now' },
  });
  expect(response.statusCode).toBe(200);
  return new Date((response.json() as { rows: { now: string }[] }).rows[0]!.now).getTime();
}

function moveTo(app: App, at: Date) {
  return app.inject({ method: 'POST', url: '/_dev/sim/clock', payload: { now: at.toISOString() } });
}

describe('SIMULATED_CLOCK', () => {
  it('is refused in production and read as a time elsewhere', () => {
    const env = { SIMULATED_CLOCK: '2027-04-01T09:00:00+09:00', APP_ORIGIN: 'https://og.example' };
    expect(() => loadConfig({ ...env, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).simulatedClock).toEqual(START);
    expect(() => loadConfig({ NODE_ENV: 'test', SIMULATED_CLOCK: 'tomorrow' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).simulatedClock).toBeUndefined();
  });
});

describe('the simulated clock', () => {
  it('runs the process and the database from its start, forward only', async () => {
    const { app } = await simulatedApp(START);
    expect(Math.abs(Date.now() - START.getTime())).toBeLessThan(60_000);
    expect(Math.abs((await sqlNow(app)) - START.getTime())).toBeLessThan(60_000);

    const later = new Date('2027-06-15T03:00:00.000Z');
    const moved = await moveTo(app, later);
    expect(moved.statusCode).toBe(200);
    expect(Math.abs(Date.now() - later.getTime())).toBeLessThan(5_000);
    expect(Math.abs((await sqlNow(app)) - later.getTime())).toBeLessThan(5_000);

    const back = await moveTo(app, START);
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'sim/clock-backwards' });
    expect(Math.abs(Date.now() - later.getTime())).toBeLessThan(5_000);
  });

  it('gives rows made by a column default the simulated time', async () => {
    const { app } = await simulatedApp(START);
    const student = await newStudent(app);
    const response = await app.inject({
      method: 'POST',
      url: '/_dev/sim/query',
      payload: { sql: 'select created_at from users where id = $1', params: [student.id] },
    });
    const createdAt = new Date(
      (response.json() as { rows: { created_at: string }[] }).rows[0]!.created_at,
    );
    expect(Math.abs(createdAt.getTime() - START.getTime())).toBeLessThan(60_000);
  });

  it('resumes a restarted process at the simulation’s time, not at its start', async () => {
    const first = await simulatedApp(START);
    const later = new Date('2027-09-01T00:00:00.000Z');
    expect((await moveTo(first.app, later)).statusCode).toBe(200);
    await first.app.close();
    opened[0]!.app = undefined;

    const second = await simulatedApp(START, first.database);
    const clock = (await second.app.inject({ method: 'GET', url: '/_dev/sim/clock' })).json() as {
      now: string;
    };
    expect(Math.abs(new Date(clock.now).getTime() - later.getTime())).toBeLessThan(60_000);
    expect(Math.abs((await sqlNow(second.app)) - later.getTime())).toBeLessThan(60_000);
  });

  it('runs the timed work only on a tick', async () => {
    const { app } = await simulatedApp(START);
    const student = await newStudent(app);
    const mentor = await newMentor(app);
    const id = await createRequest(app, student, mentor);
    expect(
      (await moveTo(app, new Date(START.getTime() + (VISIT_EXPIRY_DAYS + 1) * DAY_MS))).statusCode,
    ).toBe(200);
    expect((await requestRow(app, id))?.status).toBe('pending');

    const ticked = await app.inject({ method: 'POST', url: '/_dev/sim/tick' });
    expect(ticked.statusCode).toBe(200);
    expect((ticked.json() as { passes: Record<string, number> }).passes).toHaveProperty(
      'visitTimers',
    );
    expect((await requestRow(app, id))?.status).toBe('expired');
    expect((await app.inject({ method: 'POST', url: '/_dev/sim/quiesce' })).statusCode).toBe(200);
  });

  it('lets the simulator read but never write', async () => {
    const { app } = await simulatedApp(START);
    const write = await app.inject({
      method: 'POST',
      url: '/_dev/sim/query',
      payload: { sql: "delete from universities where name <> ''" },
    });
    expect(write.statusCode).toBe(400);
    const left = await app.inject({
      method: 'POST',
      url: '/_dev/sim/query',
      payload: { sql: 'select count(*)::int as n from universities' },
    });
    expect((left.json() as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });

  it('answers only this machine', async () => {
    const { app } = await simulatedApp(START);
    const relayed = await app.inject({
      method: 'GET',
      url: '/_dev/sim/clock',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(404);
    const remote = await app.inject({
      method: 'GET',
      url: '/_dev/sim/clock',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
  });
});

describe('without SIMULATED_CLOCK', () => {
  it('has no simulator routes and keeps the real clock', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), { runBackgroundJobs: false, logger: false, database });
    opened.push({ app, database });
    for (const url of ['/_dev/sim/clock', '/_dev/sim/tick']) {
      const response = await app.inject({ method: url.endsWith('tick') ? 'POST' : 'GET', url });
      expect(response.statusCode).toBe(404);
    }
    expect(Math.abs(Date.now() - performance.timeOrigin - performance.now())).toBeLessThan(5_000);
  });
});
