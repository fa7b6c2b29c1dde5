import { describe, expect, it } from 'vitest';
import { enumMatches, OUTCOMES } from '../../engine/src/extract/find/enum-words.js';
import { isSlipRow } from '../../engine/src/extract/find/slip-words.js';
import { findCardMasks } from '../../engine/src/extract/normalize/card.js';
import { labelWords, LANGUAGES, schemeFromAid, valueWords } from '../../engine/src/extract/vocabulary/vocabulary.js';

describe('vocabulary', () => {
  it('unions every language file, with accented words also without their accents', () => {
    expect(LANGUAGES.map((l) => l.language)).toContain('de');
    const amount = labelWords('amount');
    expect(amount).toContain('Betrag');
    expect(amount).toContain('Amount');
    const approved = valueWords('approved');
    expect(approved).toContain('Zahlung erfolgt');
    expect(labelWords('change')).toEqual(expect.arrayContaining(['Rückgeld', 'Ruckgeld']));
    expect(labelWords('no_such_field')).toEqual([]);
  });

  it('names the scheme of an AID by its longest listed prefix', () => {
    expect(schemeFromAid('A0000000031010')).toBe('visa');
    expect(schemeFromAid('A0000000032020')).toBe('vpay');
    expect(schemeFromAid('A0000000041010')).toBe('mastercard');
    expect(schemeFromAid('A0000000043060')).toBe('maestro');
    expect(schemeFromAid('A0000000421010')).toBe('cb');
    expect(schemeFromAid('A0000003591010028001')).toBe('girocard');
    expect(schemeFromAid('a0000000250109')).toBe('amex');
    expect(schemeFromAid('A0000009999999')).toBeNull();
  });
});

describe('outcome words', () => {
  it('reads approved and declined words in a line; the longer word wins where two overlap', () => {
    expect(enumMatches('Zahlung erfolgt', OUTCOMES).map((m) => m.value)).toEqual(['approved']);
    expect(enumMatches('*** NOT APPROVED ***', OUTCOMES).map((m) => m.value)).toEqual(['declined']);
    expect(enumMatches('Karte abgelehnt', OUTCOMES).map((m) => m.value)).toEqual(['declined']);
    expect(enumMatches('THANK YOU', OUTCOMES)).toEqual([]);
  });
});

describe('slip rows', () => {
  it('knows the rows a terminal prints about the payment from a merchant name', () => {
    expect(isSlipRow('MASTERCARD CONTACTLESS')).toBe(true);
    expect(isSlipRow('Kartenzahlung')).toBe(true);
    expect(isSlipRow('* *   Kundenbeleg   * *')).toBe(true);
    expect(isSlipRow('VISA **** **** **** 4242')).toBe(true);
    expect(isSlipRow('CAFE AURORA')).toBe(false);
    expect(isSlipRow('CB AUTO REPAIRS')).toBe(false);
    expect(isSlipRow('12 HARBOUR STREET')).toBe(false);
  });
});

describe('masked card numbers', () => {
  it('reads the last four in every common style', () => {
    const last = (t: string) => findCardMasks(t).map((m) => m.lastFour);
    expect(last('**** 1234')).toEqual(['1234']);
    expect(last('XXXXXXXXXXXX4321')).toEqual(['4321']);
    expect(last('############1234 0000')).toEqual(['1234']);
    expect(last('xxxx xxxx xxxx 1234')).toEqual(['1234']);
    expect(last('Card …1234')).toEqual(['1234']);
    expect(last('VISA ending in 9876')).toEqual(['9876']);
    expect(last('5412 75** **** 1234')).toEqual(['1234']);
    expect(findCardMasks('5412 75** **** 1234')[0].bin).toBe('541275');
    expect(last('TOTAL 1234.00')).toEqual([]);
  });
});
