/**
 * A small in-process cache of things read from the database that many requests read alike:
 * who a session cookie belongs to, and the pages of the OG list. Reads far outnumber writes
 * on this site, and PGlite answers one query at a time, so these two reads decide how many
 * students the server can serve at once (docs/PERFORMANCE.md).
 *
 * Correctness comes from three rules rather than from each write remembering what it affects:
 * - a write request to this process empties what it may have changed (lib/read-caches.ts), so
 *   nobody ever sees their own change late;
 * - a committed change that alters what a cache holds empties it in every app process (several
 *   may share one PostgreSQL): the database raises a notification (lib/cache-events.ts);
 * - while a process cannot hear those notifications its caches are paused (nothing is served
 *   from them), and an entry lives a few seconds at most in any case.
 * A value read before a write but stored after it would bring old data back, so each value is
 * stored with the generation the cache had when its read began, and dropped if a write came
 * in between.
 */
export class ReadCache<Value> {
  readonly #entries = new Map<string, { value: Value; expiresAt: number }>();
  #generation = 0;
  #paused = false;
  /** Lookups answered from the cache and not (GET /metrics reports the hit rate). */
  hits = 0;
  misses = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  /** Take it before reading from the database; hand it to `set` with what was read. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): Value | undefined {
    const value = this.#lookUp(key);
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }

  #lookUp(key: string): Value | undefined {
    if (this.#paused) return undefined;
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
    if (this.options.ttlMs <= 0 || this.#paused || generation !== this.#generation) return;
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

  /**
   * Drops one entry. Reads under way go on: anyone's request may call this (a stale cookie),
   * and what made the entry wrong empties the cache by notification in any case.
   */
  delete(key: string): void {
    this.#entries.delete(key);
  }

  /**
   * Drops the entries `matches` picks. Every read under way is dropped too (the generation
   * moves on), as by `clear`: one of them may have begun before the change it follows.
   */
  deleteWhere(matches: (value: Value) => boolean): void {
    this.#generation++;
    for (const [key, entry] of this.#entries) {
      if (matches(entry.value)) this.#entries.delete(key);
    }
  }

  /** Serves and keeps nothing until `resume` (the process may be missing invalidations). */
  pause(): void {
    this.#paused = true;
    this.clear();
  }

  /** Back in use, empty: whatever was missed while paused is read afresh. */
  resume(): void {
    this.clear();
    this.#paused = false;
  }

  get paused(): boolean {
    return this.#paused;
  }

  get size(): number {
    return this.#entries.size;
  }
}
