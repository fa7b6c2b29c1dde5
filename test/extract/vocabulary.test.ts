import { describe, expect, it } from 'vitest';
import { enumMatches, OUTCOMES } from '../../engine/src/extract/find/enum-words.js';
import { endsWithHouseNumber, isBranchRow, isEuropeanPostcodeTown, isEuropeanStreet } from '../../engine/src/extract/find/address-words.js';
import { isSlipRow } from '../../engine/src/extract/find/slip-words.js';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { slipClientOcr } from '../support/slip-text.js';
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

describe('European addresses', () => {
  it('knows street lines, postcodes with towns and branch rows of the countries listed', () => {
    expect(isEuropeanStreet('Schillerstr. 40')).toBe(true);
    expect(isEuropeanStreet('Götgatan 2')).toBe(true);
    expect(isEuropeanStreet('ul. Piękna 4')).toBe(true);
    expect(isEuropeanStreet('12 RUE DES LILAS')).toBe(true);
    expect(isEuropeanStreet('Kartenzahlung')).toBe(false);
    expect(isEuropeanStreet('Ringo Starr')).toBe(false);
    expect(isEuropeanPostcodeTown('118 46 Stockholm')).toBe(true);
    expect(isEuropeanPostcodeTown('TA-Nr. 004217')).toBe(false);
    expect(isBranchRow('Filiale 1140')).toBe(true);
    expect(isBranchRow('Filiale Berlin Mitte')).toBe(false);
    expect(endsWithHouseNumber('Marzahner Promenade 1 A')).toBe(true);
    expect(endsWithHouseNumber('Beleg-Nr. 4821')).toBe(false);
  });

  it('reads a slip whose street has no street word, above a Swedish postcode', () => {
    const { pages } = parseClientOcr(slipClientOcr(`ICA Nära Solen
Solgränd 7
123 45 Farsta
Visa
************1190
Belopp:          SEK 87,50
GODKÄND`));
    const ex = extractFromText({ pages }, templateVersion('payment_receipt'), { now: new Date('2026-01-01') });
    expect(ex.data.merchant).toBe('ICA Nära Solen');
    expect(ex.data.merchant_address).toBe('Solgränd 7, 123 45 Farsta');
    expect(ex.data.amount).toBe(87.5);
    expect(ex.data.currency).toBe('SEK');
    expect(ex.data.approved).toBe(true);
  });

  it('takes a name with a street word for the name when an address with a number follows, and a labelled merchant name', () => {
    const read = (text: string) => extractFromText({ pages: parseClientOcr(slipClientOcr(text)).pages }, templateVersion('payment_receipt'), { now: new Date('2026-01-01') });
    const named = read(`CERVECERIA LA PLAZA
CALLE MAYOR 5
28013 MADRID
VENTA
VISA ************1234
IMPORTE      12,50 EUR
APROBADA`);
    expect(named.data.merchant).toBe('CERVECERIA LA PLAZA');
    expect(named.data.merchant_address).toBe('CALLE MAYOR 5, 28013 MADRID');
    const labelled = read(`MERCHANT NAME : HARBOR HARDWARE
TID 12345678
SALE
AMOUNT     USD 4.13
APPROVED`);
    expect(labelled.data.merchant).toBe('HARBOR HARDWARE');
  });
});
