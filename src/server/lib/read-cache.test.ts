import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from './read-cache';

const START = Date.UTC(2025, 0, 1, 9, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

function cache(ttlMs = 1000, maxEntries = 10) {
  return new ReadCache<string>({ ttlMs, maxEntries });
}

describe('ReadCache', () => {
  it('answers a stored key and misses an unknown one', () => {
    const c = cache();
    c.set('a', 'A', c.generation);
    expect(c.get('a')).toBe('A');
    expect(c.get('b')).toBeUndefined();
  });

  it('keeps a value until its ttl, then forgets it', () => {
    const c = cache(1000);
    c.set('a', 'A', c.generation);
    vi.advanceTimersByTime(999);
    expect(c.get('a')).toBe('A');
    vi.advanceTimersByTime(1);
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('lets an expiresAt earlier than the ttl win, and ignores a later one', () => {
    const c = cache(1000);
    c.set('early', 'E', c.generation, START + 300);
    c.set('late', 'L', c.generation, START + 5000);
    vi.advanceTimersByTime(299);
    expect(c.get('early')).toBe('E');
    vi.advanceTimersByTime(1);
    expect(c.get('early')).toBeUndefined();
    expect(c.get('late')).toBe('L');
    vi.advanceTimersByTime(700);
    expect(c.get('late')).toBeUndefined();
  });

  it('stores nothing with ttl 0', () => {
    const c = cache(0);
    c.set('a', 'A', c.generation);
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('empties on clear(), and drops a value read before the clear', () => {
    const c = cache();
    c.set('a', 'A', c.generation);
    const before = c.generation;
    c.clear();
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);

    // Read from the database before the write, stored after it: stale, so not kept.
    c.set('b', 'old', before);
    expect(c.get('b')).toBeUndefined();
    expect(c.size).toBe(0);

    // A value read after the clear is kept.
    c.set('b', 'new', c.generation);
    expect(c.get('b')).toBe('new');
  });

  it('drops what deleteWhere picks, keeps the rest, and a value read before it', () => {
    const c = cache();
    c.set('a', 'A', c.generation);
    c.set('b', 'B', c.generation);
    const before = c.generation;
    c.deleteWhere((value) => value === 'A');
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBe('B');

    // Read before the change it follows, stored after: not kept.
    c.set('c', 'C', before);
    expect(c.get('c')).toBeUndefined();
    c.set('c', 'C', c.generation);
    expect(c.get('c')).toBe('C');
  });

  it('drops one key on delete(), leaving reads under way to be stored', () => {
    const c = cache();
    c.set('a', 'A', c.generation);
    const before = c.generation;
    c.delete('a');
    expect(c.get('a')).toBeUndefined();
    c.set('b', 'B', before);
    expect(c.get('b')).toBe('B');
  });

  it('evicts the oldest entry at maxEntries', () => {
    const c = cache(1000, 2);
    c.set('a', 'A', c.generation);
    c.set('b', 'B', c.generation);
    c.set('c', 'C', c.generation);
    expect(c.size).toBe(2);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBe('B');
    expect(c.get('c')).toBe('C');
  });

  it('evicts nothing when a key already held is set again at capacity', () => {
    const c = cache(1000, 2);
    c.set('a', 'A', c.generation);
    c.set('b', 'B', c.generation);
    c.set('b', 'B2', c.generation);
    expect(c.size).toBe(2);
    expect(c.get('a')).toBe('A');
    expect(c.get('b')).toBe('B2');
  });

  it('counts its entries', () => {
    const c = cache();
    expect(c.size).toBe(0);
    c.set('a', 'A', c.generation);
    c.set('b', 'B', c.generation);
    c.set('a', 'A2', c.generation);
    expect(c.size).toBe(2);
  });

  it('serves and keeps nothing while paused, and comes back empty', () => {
    const c = cache();
    c.set('a', 'A', c.generation);
    c.pause();
    expect(c.paused).toBe(true);
    expect(c.get('a')).toBeUndefined();
    c.set('b', 'B', c.generation);
    expect(c.size).toBe(0);
    c.resume();
    expect(c.get('a')).toBeUndefined();
    c.set('c', 'C', c.generation);
    expect(c.get('c')).toBe('C');
  });

  it('drops a value read before a pause and stored after the resume', () => {
    const c = cache();
    const generation = c.generation;
    c.pause();
    c.resume();
    c.set('a', 'A', generation);
    expect(c.get('a')).toBeUndefined();
  });

  it('counts hits and misses', () => {
    const c = cache();
    c.set('a', 'A', c.generation);
    c.get('a');
    c.get('a');
    c.get('b');
    expect([c.hits, c.misses]).toEqual([2, 1]);
  });
});
