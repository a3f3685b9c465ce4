import pg from 'pg';

/** What a LISTEN reports: each notification, and the connection coming and going. */
export interface ListenHandlers {
  onNotification(payload: string): void;
  /** LISTEN is in place: from now on no notification is missed. */
  onConnected(): void;
  /** The connection is lost (notifications may be missed until `onConnected` again). */
  onDisconnected(error: unknown): void;
}

export interface Listening {
  close(): Promise<void>;
}

export interface StartedListening extends Listening {
  /**
   * Settles after the first attempt to connect, whichever way it went: a process that starts
   * with its database up has its caches on from its first request.
   */
  firstAttempt: Promise<void>;
}

export interface ListenTiming {
  /** Wait before connecting again after a failure. */
  retryMs: number;
  /**
   * How often the connection is proved alive. A connection that died without a word (a
   * server restart behind a NAT, a cable) would otherwise look connected while missing
   * every notification.
   */
  pingMs: number;
}

const DEFAULT_TIMING: ListenTiming = { retryMs: 1000, pingMs: 5000 };

/**
 * LISTEN on `channel` over a connection of its own (a pooled one goes back to the pool and
 * stops hearing), connecting again for as long as it is not closed.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  timing: ListenTiming = DEFAULT_TIMING,
): StartedListening {
  let closed = false;
  let settleFirstAttempt = () => {};
  const firstAttempt = new Promise<void>((resolve) => (settleFirstAttempt = resolve));
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  function connect() {
    if (closed) return;
    const client = new pg.Client({
      connectionString,
      // Names the connection in pg_stat_activity for operators (and the tests).
      application_name: `listen:${channel}`,
      keepAlive: true,
      connectionTimeoutMillis: timing.pingMs,
      // Bounds the ping below: a query that gets no answer counts as a dead connection.
      query_timeout: timing.pingMs,
    });
    current = client;
    let ping: NodeJS.Timeout | undefined;
    let lost = false;
    const lose = (error: unknown) => {
      if (lost) return;
      lost = true;
      settleFirstAttempt();
      clearInterval(ping);
      client.end().catch(() => {});
      if (closed) return;
      handlers.onDisconnected(error);
      retry = setTimeout(connect, timing.retryMs);
      retry.unref();
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the LISTEN connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (closed || lost) return;
        handlers.onConnected();
        settleFirstAttempt();
        ping = setInterval(() => {
          client.query('select 1').catch(lose);
        }, timing.pingMs);
        ping.unref();
      })
      .catch(lose);
  }

  connect();
  return {
    firstAttempt,
    async close() {
      closed = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    },
  };
}
