import { describe, expect, it } from 'vitest';
import { enumMatches, nearEnumMatches } from '../../engine/src/extract/find/enum-words.js';

describe('nearEnumMatches', () => {
  it('reads a long word with one letter wrong as its value', () => {
    expect(nearEnumMatches('KONTAKILOS', ['chip', 'contactless'])).toMatchObject([{ value: 'contactless', raw: 'KONTAKILOS' }]);
  });

  it('reads nothing where two values are one letter away, or the word is short or two letters off', () => {
    // `refundxx` and `refundxy` are the values' own names: `REFUNDXZ` is one letter from both.
    expect(nearEnumMatches('REFUNDXZ', ['refundxx', 'refundxy'])).toEqual([]);
    expect(nearEnumMatches('CHIO', ['chip'])).toEqual([]);
    expect(nearEnumMatches('KONTAKIIOS', ['contactless'])).toEqual([]);
  });
});

describe('enumMatches', () => {
  it('reads a value\'s word printed without the marks on its letters', () => {
    expect(enumMatches('PAGAMENTO UBERWEISUNG', ['card', 'bank_transfer']).map((m) => m.value)).toEqual(['bank_transfer']);
    expect(enumMatches('Überweisung', ['bank_transfer']).map((m) => m.raw)).toEqual(['Überweisung']);
  });
});

