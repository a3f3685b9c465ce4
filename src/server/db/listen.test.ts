import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenOnPostgres, type Listening } from './listen';

/**
 * The LISTEN connection on a real PostgreSQL (the PostgreSQL pass of `npm test`): it hears,
 * says when it is lost, and listens again.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const CHANNEL = 'og_listen_test';

describe.skipIf(!serverUrl)('listenOnPostgres', () => {
  let client: pg.Client;
  let listening: Listening | undefined;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
  });
  afterAll(async () => {
    await listening?.close();
    await client?.end();
  });

  it('hears notifications, reports a lost connection, and listens again', async () => {
    const events: string[] = [];
    listening = listenOnPostgres(
      serverUrl!,
      CHANNEL,
      {
        onNotification: (payload) => events.push(`heard ${payload}`),
        onConnected: () => events.push('connected'),
        onDisconnected: () => events.push('disconnected'),
      },
      { retryMs: 50, pingMs: 500 },
    );
    await vi.waitFor(() => expect(events).toEqual(['connected']));
    await client.query('select pg_notify($1, $2)', [CHANNEL, 'one']);
    await vi.waitFor(() => expect(events).toContain('heard one'));

    // The server ends the connection, as a restart or an operator would.
    const ended = await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [`listen:${CHANNEL}`],
    );
    expect(ended.rowCount).toBe(1);
    await vi.waitFor(() => expect(events.slice(2)).toEqual(['disconnected', 'connected']));
    await client.query('select pg_notify($1, $2)', [CHANNEL, 'two']);
    await vi.waitFor(() => expect(events).toContain('heard two'));
  });
});
