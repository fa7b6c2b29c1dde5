import { describe, expect, it } from 'vitest';
import { randomToken } from '../../server/src/ids.js';

describe('randomToken', () => {
  it('draws base62 characters, all of them, none favoured beyond chance', () => {
    const counts = new Map<string, number>();
    const text = Array.from({ length: 2000 }, () => randomToken(31)).join('');
    expect(text).toMatch(/^[0-9A-Za-z]+$/);
    for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 62,000 draws: each character about 1,000 times; a modulo bias would push the first
    // eight characters to about 1,200.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(160);
  });
});
