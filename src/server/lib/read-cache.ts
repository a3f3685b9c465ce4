/**
 * A small in-process cache of things read from the database that many requests read alike:
 * who a session cookie belongs to, and the pages of the OG list. Reads far outnumber writes
 * on this site, and PGlite answers one query at a time, so these two reads decide how many
 * students the server can serve at once (docs/PERFORMANCE.md).
 *
 * Correctness comes from two rules rather than from each write remembering what it affects:
 * - every write request to this process empties every cache (app.ts), so nobody ever sees
 *   their own change late;
 * - an entry lives a few seconds at most, which bounds how late another app process (several
 *   may share one PostgreSQL) sees a change.
 * A value read before a write but stored after it would bring old data back, so each value is
 * stored with the generation the cache had when its read began, and dropped if a write came
 * in between.
 */
export class ReadCache<Value> {
  readonly #entries = new Map<string, { value: Value; expiresAt: number }>();
  #generation = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  /** Take it before reading from the database; hand it to `set` with what was read. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` until `expiresAt` at the latest (default: the cache's lifetime). */
  set(key: string, value: Value, generation: number, expiresAt = Infinity): void {
    if (this.options.ttlMs <= 0 || generation !== this.#generation) return;
    if (this.#entries.size >= this.options.maxEntries && !this.#entries.has(key)) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, {
      value,
      expiresAt: Math.min(Date.now() + this.options.ttlMs, expiresAt),
    });
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
