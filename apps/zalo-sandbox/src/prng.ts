/** mulberry32: a tiny seeded PRNG so the seed data is identical on every run. */
export function createPrng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one element with the given PRNG. */
export function pick<T>(rand: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A decimal id string of `length` digits (Zalo ids exceed 2^53, so they are strings). */
export function digits(rand: () => number, length: number): string {
  let s = String(1 + Math.floor(rand() * 9));
  while (s.length < length) s += String(Math.floor(rand() * 10));
  return s;
}
