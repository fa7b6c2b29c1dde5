/**
 * The seeded randomness of the slip generator and renderer; models/layout/synthetic-documents.ts
 * draws from the same two functions (with its own `Rng`, whose helpers differ), so neither changes
 * the other's streams.
 */

/** mulberry32: tiny and fast; plenty for picking wordings, and the same seed gives the same stream. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * murmur3's finaliser: neighbouring seeds (1, 2, 3...) become unrelated starting states;
 * mulberry32 alone gives visibly correlated first draws for them.
 */
export function mix32(seed: number): number {
  let h = seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  protected readonly next: () => number;

  /** A seed (mixed, then mulberry32), or a stream of draws of one's own. */
  constructor(seed: number | (() => number)) {
    this.next = typeof seed === 'number' ? mulberry32(mix32(seed)) : seed;
  }

  float(lo = 0, hi = 1): number {
    return lo + (hi - lo) * this.next();
  }

  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }

  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    let r = this.next() * pairs.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of pairs) if ((r -= w) < 0) return v;
    return pairs[pairs.length - 1][0];
  }

  /** '#' becomes a digit, 'A' an upper-case letter, '*' either: '####', 'AA##-A#'. */
  fill(pattern: string): string {
    const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
    return pattern.replace(/[#A*]/g, (ch) => {
      if (ch === '#') return String(this.int(0, 9));
      if (ch === 'A' || this.chance(0.5)) return letters[this.int(0, letters.length - 1)];
      return String(this.int(0, 9));
    });
  }

  /** Fisher-Yates on a copy. */
  shuffle<T>(xs: readonly T[]): T[] {
    const out = xs.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** A seed for a separate stream, so that one part's number of draws never shifts another's. */
  seed(): number {
    return Math.floor(this.next() * 2 ** 32);
  }
}
