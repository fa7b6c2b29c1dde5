import { describe, expect, it } from 'vitest';
import { unicodeWords } from '../../engine/src/extract/layout/unicode-words.js';

describe('unicodeWords', () => {
  const tel = unicodeWords(/\bTEL\b/i);

  it('does not find a word inside one with accented letters, as \\b does', () => {
    expect(/\bTEL\b/iu.test('Neuchâtel')).toBe(true); // the JavaScript behaviour it replaces
    for (const word of ['Neuchâtel', 'Hôtel', 'télécom', 'Tél', 'Motél']) expect(tel.test(word), word).toBe(false);
  });

  it('still finds whole words beside spaces, punctuation, digits of other words and the ends of the text', () => {
    for (const text of ['TEL 021', 'Tel: 021', '(tel)', 'Neuchâtel TEL 032', 'tel']) expect(tel.test(text), text).toBe(true);
    expect(unicodeWords(/\b\d{4}\b/).test('CH-2000 Neuchâtel')).toBe(true);
    expect(unicodeWords(/\b\d{4}\b/).test('É2000')).toBe(false);
  });

  it('keeps the flags, adding u', () => {
    expect(unicodeWords(/\bA\b/gi).flags).toBe('giu');
    expect(unicodeWords(/\bA\b/iu).flags).toBe('iu');
  });

  it('leaves an escaped backslash followed by b alone', () => {
    const re = unicodeWords(/a\\b/);
    expect(re.test('a\\b')).toBe(true);
  });
});
