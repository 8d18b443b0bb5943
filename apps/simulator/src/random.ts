// Deterministic randomness: the same seed gives the same weather, soil and insect story on every run, so
// a demo and a test see the same farm. Nothing here uses Math.random.

/** 32-bit FNV-1a of a string; mixes seeds and names into one number. */
export const hashString = (s: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** A number in [0, 1) that depends only on its inputs (a stateless hash, not a stream). */
export const noise = (seed: number, ...keys: (number | string)[]): number => {
  let h = seed >>> 0;
  for (const k of keys) {
    h ^=
      typeof k === 'number'
        ? Math.imul(Math.floor(k) | 0, 0x9e3779b1) ^ Math.floor(k / 2 ** 32)
        : hashString(k);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 2 ** 32;
};

/** Smooth noise in [0, 1): cosine interpolation between hashed values at whole steps of x. */
export const smoothNoise = (seed: number, key: string, x: number): number => {
  const i = Math.floor(x);
  const f = x - i;
  const a = noise(seed, key, i);
  const b = noise(seed, key, i + 1);
  const w = (1 - Math.cos(Math.PI * f)) / 2;
  return a * (1 - w) + b * w;
};

/** A seeded stream (mulberry32) for state that evolves step by step (random walks, fault draws). */
export const createRng = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
};

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
