import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * PGlite sends every `query` as an unnamed statement, so PostgreSQL parses and plans it anew
 * each time; for the site's statements (subqueries per viewer, joins, filters) that is most of
 * their cost: an alumna's page took about 1 ms in PGlite, 0.13 ms of it once prepared
 * (docs/PERFORMANCE.md). This keeps a statement text the app sends a second time as a named
 * prepared statement of PGlite's one session, so from then on it is bound and executed in one
 * exchange, on a plan PostgreSQL caches by its own rules (custom plans first, a generic one only
 * while it costs no more): what `pg` and postgres.js offer against a server, for the embedded one.
 *
 * Only data statements are kept (not SAVEPOINT, SET or DDL), at most `capacity` of them (the
 * least recently used is closed), and a statement that fails is forgotten and closed, so a
 * schema change costs one error at most, never a stale answer.
 */
const { serialize } = protocol;

const DATA_STATEMENT = /^\s*\(*\s*(select|insert|update|delete|with)\b/i;

type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

interface Prepared {
  name: string;
  /** Parameter types, to serialise values as PGlite's own `query` does. */
  paramTypes: number[];
  /** The rows' description, which a bound execution does not repeat (none for a bare write). */
  rowDescription: Messages[number] | undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function pgCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function isResultTypeChange(error: unknown): boolean {
  return error instanceof Error && /cached plan must not change result type/.test(error.message);
}

export interface StatementCacheOptions {
  /** How many statements PGlite keeps prepared at most. */
  capacity?: number;
  /** Statements left to PGlite's own `query`, planned for their values each time. */
  plannedEachTime?: (text: string) => boolean;
}

/**
 * The PGlite client for drizzle: `query`, also inside a transaction, runs a repeated data
 * statement as a prepared one; everything else is the client itself.
 */
export function withStatementCache(
  client: PGlite,
  { capacity = 100, plannedEachTime = () => false }: StatementCacheOptions = {},
): PGlite {
  /** Map order is use order: the first entry is the least recently used. */
  const prepared = new Map<string, Prepared>();
  /** Texts seen once: a statement is prepared when it comes again, so one-offs cost nothing. */
  const seenOnce = new Set<string>();
  /** Statements to close once no transaction can be aborted around them. */
  const retired: string[] = [];
  let counter = 0;

  // The stream variant, as PGlite's own query uses: parsed messages without a raw copy.
  const send = (
    parts: Uint8Array[],
    inTransaction: boolean,
    {
      throwOnError = true,
      onNotice,
    }: Pick<QueryOptions, 'onNotice'> & { throwOnError?: boolean } = {},
  ) =>
    client.execProtocolStream(concat([...parts, serialize.sync()]), {
      syncToFs: !inTransaction,
      throwOnError,
      ...(onNotice ? { onNotice } : {}),
    });

  function wanted(text: string): boolean {
    if (prepared.has(text)) return true;
    if (!DATA_STATEMENT.test(text) || plannedEachTime(text)) return false;
    if (seenOnce.delete(text)) return true;
    seenOnce.add(text);
    if (seenOnce.size > capacity * 4) seenOnce.delete(seenOnce.values().next().value!);
    return false;
  }

  async function prepare(text: string, inTransaction: boolean): Promise<Prepared> {
    const name = `og_statement_${++counter}`;
    const messages = await send(
      [serialize.parse({ name, text }), serialize.describe({ type: 'S', name })],
      inTransaction,
    );
    const entry: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    prepared.set(text, entry);
    if (prepared.size > capacity) {
      const [oldestText, oldest] = prepared.entries().next().value!;
      await forget(oldestText, oldest, inTransaction);
    }
    return entry;
  }

  /**
   * Drops a statement from the cache and closes it: at once, or, inside a transaction (which
   * may be aborted and refuse it), with the next statement outside one.
   */
  async function forget(text: string, entry: Prepared, inTransaction: boolean) {
    if (prepared.get(text) === entry) prepared.delete(text);
    retired.push(entry.name);
    if (!inTransaction) await closeRetired();
  }

  async function closeRetired() {
    const closing = retired.splice(0).map((name) => serialize.close({ type: 'S', name }));
    if (closing.length > 0) await send(closing, false, { throwOnError: false });
  }

  /**
   * A query's own parsers over the client's: PGlite merges them by copying all ~300 of the
   * client's on every query (about 60 µs, a tenth of a light request); an object that looks the
   * query's up first and falls back to the client's reads the same, for about 2 µs.
   */
  function parsersOf(options: QueryOptions | undefined): PGlite['parsers'] {
    const own = options?.parsers;
    if (!own) return client.parsers;
    return Object.assign(Object.create(client.parsers) as PGlite['parsers'], own);
  }

  /** Runs inside PGlite's query mutex, as its own `query` does. */
  async function runPrepared<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    retried = false,
  ): Promise<Results<T>> {
    if (!inTransaction) await closeRetired();
    let entry = prepared.get(text);
    if (entry) {
      prepared.delete(text);
      prepared.set(text, entry);
    } else {
      entry = await prepare(text, inTransaction);
    }
    const { paramTypes } = entry;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const messages = await send(
        [serialize.bind({ statement: entry.name, values }), serialize.execute({})],
        inTransaction,
        { onNotice: options?.onNotice },
      );
      const described = entry.rowDescription ? [entry.rowDescription, ...messages] : messages;
      return parse.parseResults(described, parsersOf(options), {
        ...options,
        parsers: undefined,
      })[0] as Results<T>;
    } catch (error) {
      // A broken rule (a unique key, a serialisation failure, an aborted transaction) says
      // nothing about the statement; anything else may, so it is prepared again next time.
      if (/^(23|40|25P02)/.test(pgCode(error))) throw error;
      await forget(text, entry, inTransaction);
      // A table changed under the statement (tests and migrations do that): prepared anew, it
      // answers the new shape. Inside a transaction the error stands, as the transaction failed.
      if (!inTransaction && !retried && isResultTypeChange(error)) {
        return runPrepared<T>(text, params, options, inTransaction, true);
      }
      throw error;
    }
  }

  async function topLevelQuery<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (!wanted(text)) return client.query<T>(text, params, options);
    await client._checkReady();
    // As PGlite's own `query`: never inside another caller's transaction, one at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => runPrepared<T>(text, params, options, false)),
    );
  }

  function inTransaction(tx: Transaction): Transaction {
    const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (!wanted(text)) return tx.query<T>(text, params, options);
      // As PGlite's own transaction object: nothing runs on it once it has ended.
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(() => runPrepared<T>(text, params, options, true));
    };
    return new Proxy(tx, {
      get: (target, property, receiver) =>
        property === 'query' ? query : Reflect.get(target, property, receiver),
    });
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return topLevelQuery;
      if (property === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          client.transaction((tx) => callback(inTransaction(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
