/**
 * mulberry32: a small seeded generator of numbers in [0, 1), so that a seed always gives the
 * same data. The bench's seeding, the matching simulation and the simulated year all draw from
 * it; none of them is about secrets (lib/secrets.ts is).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
