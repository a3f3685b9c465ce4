import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import type { Listening } from '../db/listen';
import { sessionIsOpen } from '../credentials/sessions';
import { CACHE_CHANNEL } from '../lib/cache-events';
import { countUnread } from './queries';

/** The channel migration 0029 notifies on, with the user's id, when their notifications change. */
export const BELL_CHANNEL = 'og_bell';
/** A comment line this often keeps an idle stream open through proxies (nginx reads for 60 s). */
export const BELL_PING_MS = 25_000;
/** How long a browser waits before connecting again after a stream ended (a restart). */
const RECONNECT_MS = 10_000;
/** Streams one person may hold at once, a tab each; more are refused, and those tabs poll. */
export const MAX_BELL_STREAMS_PER_USER = 8;

interface BellStream {
  userId: string;
  /** The session it was opened with: the stream ends when that session does. */
  sessionHash: string;
  response: ServerResponse;
}

/**
 * The bell's count pushed to every open page as soon as it changes (docs/PRODUCT.md §14),
 * instead of each page asking every 20 s: a server-sent event stream per tab, held by the
 * process the tab reached. Every process hears every change through the database (og_bell),
 * so a notification written by one reaches a stream held by another; and hears sessions end
 * (og_cache), so a stream outlives no sign-out or suspension. While the database cannot be
 * heard, nothing is sent; on hearing it again every stream gets its count afresh.
 */
export class BellStreams {
  private readonly byUser = new Map<string, Set<BellStream>>();
  private readonly listening: Listening[] = [];
  private ping: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly idleMinutes: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async start(database: DatabaseHandle): Promise<void> {
    this.listening.push(
      await database.listen(BELL_CHANNEL, {
        onNotification: (userId) => void this.tell(userId),
        // Changes may have been missed while the connection was away.
        onConnected: () => {
          for (const userId of this.byUser.keys()) void this.tell(userId);
        },
        onDisconnected: () => {},
      }),
      await database.listen(CACHE_CHANNEL, {
        onNotification: (topics) => {
          if (topics.split(',').includes('sessions')) void this.endSignedOut();
        },
        onConnected: () => void this.endSignedOut(),
        onDisconnected: () => {},
      }),
    );
    this.ping = setInterval(() => void this.pingAll(), BELL_PING_MS);
    this.ping.unref();
  }

  /** Ends every stream (the process is closing: the browsers connect again elsewhere). */
  async close(): Promise<void> {
    clearInterval(this.ping);
    for (const streams of this.byUser.values()) {
      for (const stream of streams) stream.response.end();
    }
    this.byUser.clear();
    await Promise.all(this.listening.map((listening) => listening.close()));
  }

  hasRoomFor(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) < MAX_BELL_STREAMS_PER_USER;
  }

  /** Takes over `response` (a hijacked reply) as the user's stream, starting with the count. */
  async open(stream: BellStream): Promise<void> {
    const { response, userId } = stream;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx passes the events on as they come instead of buffering the reply.
      'x-accel-buffering': 'no',
    });
    response.write(`retry: ${RECONNECT_MS}\n\n`);
    let streams = this.byUser.get(userId);
    if (!streams) this.byUser.set(userId, (streams = new Set()));
    streams.add(stream);
    response.on('close', () => this.forget(stream));
    try {
      response.write(unreadEvent(await countUnread(this.db, userId)));
    } catch {
      // The database is away: the browser connects again later, and polls meanwhile.
      this.end(stream);
    }
  }

  private forget(stream: BellStream) {
    const streams = this.byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byUser.delete(stream.userId);
  }

  private async tell(userId: string) {
    const streams = this.byUser.get(userId);
    if (!streams?.size) return;
    await this.eachSignedIn([...streams], async () => {
      const unread = await countUnread(this.db, userId);
      return (stream) => stream.response.write(unreadEvent(unread));
    });
  }

  /** A session ended somewhere: the streams it held end. */
  private endSignedOut() {
    return this.eachSignedIn(this.all(), async () => () => {});
  }

  private pingAll() {
    return this.eachSignedIn(
      this.all(),
      async () => (stream) => stream.response.write(': ping\n\n'),
    );
  }

  private all(): BellStream[] {
    return [...this.byUser.values()].flatMap((streams) => [...streams]);
  }

  /**
   * `write` to each of `streams` whose session still holds; the others end. `prepare` reads
   * what is written first. A database that does not answer leaves the streams as they are
   * (the next change or ping tries again).
   */
  private async eachSignedIn(
    streams: BellStream[],
    prepare: () => Promise<(stream: BellStream) => void>,
  ) {
    try {
      const write = await prepare();
      for (const stream of streams) {
        if (await this.signedIn(stream)) write(stream);
        else this.end(stream);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'bell stream: the database did not answer');
    }
  }

  private end(stream: BellStream) {
    this.forget(stream);
    stream.response.end();
  }

  private signedIn(stream: BellStream): Promise<boolean> {
    return sessionIsOpen(this.db, stream.sessionHash, this.idleMinutes);
  }
}

function unreadEvent(unread: number): string {
  return `event: unread\ndata: ${JSON.stringify({ unread })}\n\n`;
}
