// The OCR bench's character scoring: edit distance with the characters read exactly, a truth line
// found inside a longer row, and a page's totals.
import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../../engine/src/contracts/ocr.js';
import { isNonAscii, lineErrors, pageCharErrors } from '../bench/char-errors.js';

const line = (text: string, x: number, y: number, w = 200): OcrLine =>
  ({ text, confidence: 0.9, bounding_box: { x, y, width: w, height: 20 } }) as unknown as OcrLine;

describe('lineErrors', () => {
  it('counts substitutions, insertions and deletions', () => {
    expect(lineErrors('Müller', 'Müller').distance).toBe(0);
    expect(lineErrors('Müller', 'Muller').distance).toBe(1);
    expect(lineErrors('Müller', 'Mutter').distance).toBe(3);
    expect(lineErrors('4,50 €', '4,50').distance).toBe(2);
    expect(lineErrors('', 'abc').distance).toBe(3);
    expect(lineErrors('abc', '').distance).toBe(3);
  });

  it('marks which truth characters were read as themselves', () => {
    expect(lineErrors('Łódź', 'Lodz').readExactly).toEqual([false, false, true, false]);
    expect(lineErrors('Łódź', 'Łódź').readExactly).toEqual([true, true, true, true]);
    // A dropped character shifts nothing after it.
    expect(lineErrors('Straße 4', 'Strae 4').readExactly).toEqual([true, true, true, true, false, true, true, true]);
  });

  it('within: finds the truth inside a longer read text for free', () => {
    expect(lineErrors('Summe', 'Summe EUR 11,53', true).distance).toBe(0);
    expect(lineErrors('11,53', 'Summe EUR 11,53', true).distance).toBe(0);
    expect(lineErrors('11,53', 'Summe EUR 11.53', true).distance).toBe(1);
    expect(lineErrors('11,53', 'Summe EUR 11.53', false).distance).toBeGreaterThan(5);
    const e = lineErrors('Kč', 'Celkem 118,90 Kc', true);
    expect(e.distance).toBe(1);
    expect(e.readExactly).toEqual([true, false]);
  });
});

describe('pageCharErrors', () => {
  const same = (s: string) => s;

  it('scores each truth line against the best line or row, and a line found nowhere as all wrong', () => {
    const lines = [line('Summe', 0, 100, 80), line('11,53 €', 300, 102, 80), line('Bahnhofstrasse 17', 0, 10)];
    const score = pageCharErrors(['Summe 11,53 €', 'Bahnhofstraße 17', 'Zz'], lines, same);
    // Row 'Summe 11,53 €' exact; 'ß' read as 'ss' is 2 edits; 'Zz' (2) found nowhere.
    expect(score.chars).toBe(13 + 16 + 2);
    expect(score.errors).toBe(0 + 2 + 2);
    expect(score.nonAscii).toBe(2); // € and ß
    expect(score.nonAsciiRead).toBe(1);
  });

  it('compares in the form the normaliser gives (upper case for SROIE labels)', () => {
    const upper = (s: string) => s.toUpperCase();
    expect(pageCharErrors(['TOTAL 12.50'], [line('Total 12.50', 0, 0)], upper).errors).toBe(0);
    expect(pageCharErrors(['TOTAL 12.50'], [line('Total 12.50', 0, 0)], same).errors).toBe(4);
    expect(pageCharErrors(['', '  '], [line('x', 0, 0)], (s) => s.trim()).chars).toBe(0);
  });

  it('isNonAscii', () => {
    expect([...'aZ~ üł€'].map(isNonAscii)).toEqual([false, false, false, false, true, true, true]);
  });
});
