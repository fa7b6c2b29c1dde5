import { compact } from '../layout/labels.js';

/** Limits of `options.known_merchants` (spec): names past 250 are ignored, longer names cut to 60. */
export const KNOWN_MERCHANTS_MAX = 250;
export const KNOWN_MERCHANT_LENGTH = 60;

/** The caller's list as the engine uses it: strings only, trimmed, cut, at most 250. */
export function knownMerchantList(input: unknown): string[] {
  if (!Array.isArray(input)) return [];
  return input
    .filter((n): n is string => typeof n === 'string')
    .slice(0, KNOWN_MERCHANTS_MAX)
    .map((n) => Array.from(n.trim()).slice(0, KNOWN_MERCHANT_LENGTH).join(''))
    .filter((n) => n !== '');
}

/**
 * The known name a read name is close to: similarity (1 - edit distance / longer length) of
 * their letters and digits at least 0.8, or one containing the other when the shorter has at
 * least six characters ("BOOK TA.K" in "BOOK TA .K (TAMAN DAYA) SDN BHD"). Null when none is close.
 */
export function snapToKnown(read: string, known: readonly string[]): { name: string; similarity: number } | null {
  const a = compact(read);
  if (a === '') return null;
  let best: { name: string; similarity: number } | null = null;
  for (const name of known) {
    const b = compact(name);
    if (b === '') continue;
    let sim = 1 - levenshtein(a, b) / Math.max(a.length, b.length);
    const shorter = a.length < b.length ? a : b;
    if (shorter.length >= 6 && (a.includes(b) || b.includes(a))) sim = Math.max(sim, 0.85);
    if (sim >= 0.8 && (!best || sim > best.similarity)) best = { name, similarity: sim };
  }
  return best;
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}
