import type { PGlite } from '@electric-sql/pglite';

/**
 * How long PGlite's statements run before others get a turn. PGlite runs inside this process
 * and a statement resolves without waiting on I/O, so a request's statements never give the
 * event loop a turn by themselves: under load each request ran whole while the sockets waited,
 * and as Node accepts one new connection per turn of its loop, a browser's new connection
 * waited for every open one to be served, round after round (seconds at 32 writers,
 * docs/PERFORMANCE.md).
 */
export const STATEMENT_TURN_MS = 4;

const TAKES_TURNS = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * The PGlite client whose `query`, `exec` and `transaction` take turns: once the statements
 * run since the last turn began have taken STATEMENT_TURN_MS, the caller waits in line, and
 * one waiting caller goes on per turn of the event loop. A turn is short whatever the load, so
 * a new connection is accepted, and a new request read, within milliseconds, and the requests
 * in flight share the database first come, first served. Inside a transaction nothing waits:
 * it holds the one session, so it runs to its end.
 */
export function withEventLoopTurns(client: PGlite): PGlite {
  const waiting: (() => void)[] = [];
  let turnStarted = performance.now();
  /**
   * Whether the statements now running are those of the caller the turn let go on: they follow
   * one another within the turn. A request read meanwhile comes with the loop's next poll, after
   * the turn has ended, and takes its place in line behind the waiting.
   */
  let ownerRunning = false;
  let scheduled = false;

  // Both queued together, so they run one after the other in the loop's next check phase: the
  // owner's statements, which resolve in microtasks, run between them.
  const scheduleTurn = () => {
    setImmediate(nextTurn);
    setImmediate(endTurn);
  };
  const nextTurn = () => {
    const next = waiting.shift();
    if (!next) {
      scheduled = false;
      return;
    }
    turnStarted = performance.now();
    ownerRunning = true;
    next();
  };
  const endTurn = () => {
    ownerRunning = false;
    if (scheduled) scheduleTurn();
  };

  const turn = async () => {
    const turnLasts = performance.now() - turnStarted < STATEMENT_TURN_MS;
    if (turnLasts && (ownerRunning || waiting.length === 0)) return;
    ownerRunning = false;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        scheduleTurn();
      }
    });
  };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!TAKES_TURNS.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        await turn();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
