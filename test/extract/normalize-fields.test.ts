// Time, card-mask, phone and tax-id normalizers on strings as receipts, card slips and invoices print them.
import { describe, expect, it } from 'vitest';
import { findCardMasks, lastFourApart, schemeFromBin } from '../../engine/src/extract/normalize/card.js';
import { findPhones } from '../../engine/src/extract/normalize/phone.js';
import { findTaxIds, parseLabelledTaxId } from '../../engine/src/extract/normalize/tax-id.js';
import { findDottedTime, findTimes, parseTime } from '../../engine/src/extract/normalize/time.js';

describe('findTimes / parseTime', () => {
  it.each<[string, string, string, boolean]>([
    ['20:27', '20:27', '20:27', false],
    ['20:27:05', '20:27', '20:27:05', true],
    ['8:05 PM', '20:05', '8:05 PM', false],
    ['8.05pm', '20:05', '8.05pm', false],
    ['10:30AM', '10:30', '10:30AM', false],
    ['12:00 AM', '00:00', '12:00 AM', false],
    ['12:00 a.m.', '00:00', '12:00 a.m.', false],
    ['12:30 PM', '12:30', '12:30 PM', false],
    ['12:59 am', '00:59', '12:59 am', false],
    ['09:15', '09:15', '09:15', false],
    ['00:00', '00:00', '00:00', false],
    ['23:59:59', '23:59', '23:59:59', true],
    ['2027H', '20:27', '2027H', false],
    ['0805h', '08:05', '0805h', false],
    ['20H27', '20:27', '20H27', false],
    ['20h27', '20:27', '20h27', false],
    ['20 h 27', '20:27', '20 h 27', false],
  ])('reads %j as %s', (text, value, raw, seconds) => {
    expect(parseTime(text)).toEqual({ value, raw, start: 0, end: raw.length, seconds });
  });

  it.each([
    '12.50',
    'RM 12.50',
    '08.05',
    '18-04-2018',
    '18/04/2018',
    '2018-04-18',
    '25:00',
    '24:00',
    '13:00 PM',
    '0:30 AM',
    '20:61',
    '20:27:61',
    '1:2:3',
    '2427H',
    '20H61',
    'AB2027H',
    '1,234.50',
    '3:00/4:00',
  ])('finds no time in %j', (text) => {
    expect(findTimes(text)).toEqual([]);
  });

  it('gives the position of a time within a line', () => {
    expect(findTimes('DATE 18/04/2018 TIME 20:27:05 CASHIER 3')).toEqual([
      { value: '20:27', raw: '20:27:05', start: 21, end: 29, seconds: true },
    ]);
    expect(findTimes('RM 12.50 paid 8:05pm')).toEqual([{ value: '20:05', raw: '8:05pm', start: 14, end: 20, seconds: false }]);
  });

  it('reads an hour whose figure OCR read as a letter (1O:12:55, l4:05:31), not the minutes and seconds after it', () => {
    expect(findTimes('Datum:       07.11.2026     1O:12:55').map((t) => [t.value, t.raw])).toEqual([['10:12', '1O:12:55']]);
    expect(findTimes('LE 22/07/26 A l4:05:31').map((t) => t.value)).toEqual(['14:05']);
  });

  it('reads hours, minutes and seconds with one colon read as a point, as printed', () => {
    expect(findTimes('LE 21/03/26 A 12.07:44')).toEqual([{ value: '12:07', raw: '12.07:44', start: 14, end: 22, seconds: true }]);
    expect(findTimes('12:07.44').map((t) => t.value)).toEqual(['12:07']);
    // Both read as points, or a price, stay no time.
    expect(findTimes('12.07.44')).toEqual([]);
    expect(findTimes('TOTAL 12.07')).toEqual([]);
  });

  it('reads a time whose label\'s colon touches it, not one inside a run of figures', () => {
    expect(findTimes('KL:13:38:13').map((t) => t.value)).toEqual(['13:38']);
    expect(findTimes('KL.:14:29').map((t) => t.value)).toEqual(['14:29']);
    expect(findTimes('12:13:38:13')).toEqual([]);
  });

  it('reads a time with a point only after a time label or a date', () => {
    expect(findDottedTime('14.30', true, null)).toMatchObject({ value: '14:30', raw: '14.30' });
    expect(findDottedTime('25.08.25 14.59', false, 8)).toMatchObject({ value: '14:59', start: 9 });
    expect(findDottedTime('KAFFE 14.50', false, null)).toBeNull();
    expect(findDottedTime('12,00 14.50', true, null)).toBeNull();
    expect(findDottedTime('24.50', true, null)).toBeNull();
    expect(findDottedTime('14.30.12', true, null)).toBeNull();
    // A day and month with its closing point (the authorisation time line of German terminals).
    expect(findDottedTime('07.10.   09:37 Uhr', true, null)).toBeNull();
  });

  it('finds several times left to right, and parseTime then gives null', () => {
    const text = 'IN 2027H OUT 21:05';
    expect(findTimes(text)).toEqual([
      { value: '20:27', raw: '2027H', start: 3, end: 8, seconds: false },
      { value: '21:05', raw: '21:05', start: 13, end: 18, seconds: false },
    ]);
    expect(parseTime(text)).toBeNull();
    expect(parseTime('no time here')).toBeNull();
  });
});

describe('lastFourApart', () => {
  it('takes four digits after a scheme\'s word, DEBIT or CREDIT, or mask marks with a few stray characters', () => {
    expect(lastFourApart('DEBIT MASTERCARD 8346')).toBe('8346');
    expect(lastFourApart('Bezahlt mit V PAY •• 6 6339')).toBe('6339');
    expect(lastFourApart('Card 5168 51** **** ( 0211')).toBe('0211');
    expect(lastFourApart('Paid with VISA CREDIT ••• 8 8881')).toBe('8881');
    // Marks OCR parted by single spaces.
    expect(lastFourApart('Maestro • • 6 6158')).toBe('6158');
    expect(lastFourApart('KORT:2223 11** **** * 0909')).toBe('0909');
  });

  it('takes no four digits after other words', () => {
    expect(lastFourApart('TOTAL 2024')).toBeNull();
    expect(lastFourApart('Terminal 2024')).toBeNull();
    expect(lastFourApart('VISA 12345')).toBeNull();
    expect(lastFourApart('8346')).toBeNull();
    // One mark is no mask, spaced or not.
    expect(lastFourApart('Tip * 1500')).toBeNull();
  });
});

describe('findCardMasks', () => {
  it.each<[string, string, string, number, string | null]>([
    ['**** **** **** 1234', '1234', '**** **** **** 1234', 0, null],
    ['XXXXXXXXXXXX1234', '1234', 'XXXXXXXXXXXX1234', 0, null],
    ['xxxx xxxx xxxx 9876', '9876', 'xxxx xxxx xxxx 9876', 0, null],
    ['5412 75** **** 1234', '1234', '5412 75** **** 1234', 0, '541275'],
    ['541275******1234', '1234', '541275******1234', 0, '541275'],
    ['Card: 5412 75XX XXXX 1234', '1234', '5412 75XX XXXX 1234', 6, '541275'],
    ['5412 **** **** 1234', '1234', '5412 **** **** 1234', 0, null],
    ['5412 7*** **** 1234', '1234', '5412 7*** **** 1234', 0, null],
    ['************4116 (VISA)', '4116', '************4116', 0, null],
    ['VISA ****1234', '1234', '****1234', 5, null],
    ['AMEX ###########1005', '1005', '###########1005', 5, null],
    ['CARD ending in 1234', '1234', 'ending in 1234', 5, null],
    ['Mastercard ending 5678', '5678', 'ending 5678', 11, null],
    ['Card ends in 9876', '9876', 'ends in 9876', 5, null],
    ['last 4: 4321', '4321', 'last 4: 4321', 0, null],
    // Thermal prints as OCR reads them: the marks thinned out or parted from the digits, alone on the line.
    ['* *8190', '8190', '* *8190', 0, null],
    ['  • 1385', '1385', '• 1385', 2, null],
    ['## 4411', '4411', '## 4411', 0, null],
    ['** * * 5 773', '5773', '** * * 5 773', 0, null],
  ])('reads %j as last four %s', (text, lastFour, raw, start, bin) => {
    expect(findCardMasks(text)).toEqual([{ lastFour, raw, start, end: start + raw.length, bin }]);
  });

  it.each([
    'TEL: 03-7865 4321',
    '(714) 879-3574',
    'TOTAL 1234.50',
    'RM 1,234.50',
    '4111111111111111',
    '4111 1111 1111 1111',
    'xx1234',
    'INV-2018-1234',
    'ending in 123',
    'ending in 12345',
    '#0272',
    '* 1234 EUR',
    '* 12 345',
  ])('finds no card mask in %j', (text) => {
    expect(findCardMasks(text)).toEqual([]);
  });

  it('never returns more than the last four digits of an unmasked number', () => {
    for (const c of findCardMasks('PAN 4111111111111111 / **** **** **** 1111')) {
      expect(c.lastFour).toMatch(/^\d{4}$/);
      expect(c.raw).not.toContain('41111111');
    }
    expect(findCardMasks('PAN 4111111111111111 / **** **** **** 1111')).toHaveLength(1);
  });
});

describe('schemeFromBin', () => {
  it.each<[string, string | null]>([
    ['411111', 'visa'],
    ['400000', 'visa'],
    ['510000', 'mastercard'],
    ['541275', 'mastercard'],
    ['559999', 'mastercard'],
    ['222100', 'mastercard'],
    ['250000', 'mastercard'],
    ['272099', 'mastercard'],
    ['222099', null],
    ['272100', null],
    ['500000', null],
    ['560000', null],
    ['340000', 'amex'],
    ['378282', 'amex'],
    ['601100', 'discover'],
    ['650000', 'discover'],
    ['352800', 'jcb'],
    ['358999', 'jcb'],
    ['352799', null],
    ['620000', 'unionpay'],
    ['999999', null],
    ['123456', null],
  ])('names %s as %s', (bin, scheme) => {
    expect(schemeFromBin(bin)).toBe(scheme);
  });
});

describe('findPhones', () => {
  it.each<[string, string | undefined, string, string | null, number]>([
    ['TEL: 03-7865 4321', 'MY', '03-7865 4321', '+60378654321', 5],
    ['TEL: 03-7865 4321', undefined, '03-7865 4321', null, 5],
    ['07-3523888', 'MY', '07-3523888', '+6073523888', 0],
    ['07-3523888', undefined, '07-3523888', null, 0],
    ['(714) 879-3574', 'US', '(714) 879-3574', '+17148793574', 0],
    ['(714) 879-3574', undefined, '(714) 879-3574', null, 0],
    ['+49 89 1234567', undefined, '+49 89 1234567', '+49891234567', 0],
    ['+49 (0)89 1234567', undefined, '+49 (0)89 1234567', '+49891234567', 0],
    ['TEL:+603-7865 4321', undefined, '+603-7865 4321', '+60378654321', 4],
    ['023 9200 1234', 'GB', '023 9200 1234', '+442392001234', 0],
    ['023 9200 1234', undefined, '023 9200 1234', null, 0],
    ['Tel. 089 1234567', 'DE', '089 1234567', '+49891234567', 5],
  ])('reads %j (country %s) as %j', (text, country, value, e164, start) => {
    expect(findPhones(text, { country })).toEqual([{ value, e164, raw: value, start, end: start + value.length }]);
  });

  it('finds fax and telephone on one line, left to right', () => {
    expect(findPhones('Tel: 03-7865 4321 Fax: 03-7865 4322', { country: 'MY' })).toEqual([
      { value: '03-7865 4321', e164: '+60378654321', raw: '03-7865 4321', start: 5, end: 17 },
      { value: '03-7865 4322', e164: '+60378654322', raw: '03-7865 4322', start: 23, end: 35 },
    ]);
  });

  it.each<[string, string | undefined]>([
    ['18-04-2018', undefined],
    ['18-04-2018', 'MY'],
    ['18-04-2018 20:27', 'MY'],
    ['DATE 18/04/2018 20:27', 'MY'],
    ['Datum: 18.04.2018', 'DE'],
    ['18.04.2018 20:27', 'DE'],
    ['21.12.2019 14:33:05', 'DE'],
    ['2018-04-18 20:27', 'DE'],
    ['RM 12.50', undefined],
    ['TOTAL 1,234.50', 'MY'],
    ['SUMME 1.234,50', 'DE'],
    ['GST NO: 000849813504', undefined],
    ['GST NO: 000849813504', 'MY'],
    ['20:27:05', 'MY'],
    ['CS00031663', 'MY'],
    ['INV0378654321', 'MY'],
  ])('finds no phone in %j (country %s)', (text, country) => {
    expect(findPhones(text, { country })).toEqual([]);
  });

  it('reads a number that opens on a bracket or a plus after a word', () => {
    expect(findPhones('TEL(03)7865 4321', { country: 'MY' }).map((p) => p.e164)).toEqual(['+60378654321']);
    expect(findPhones('TEL:0378654321', { country: 'MY' }).map((p) => p.e164)).toEqual(['+60378654321']);
  });

  it('keeps only digits, +, spaces, parentheses, points and dashes in the value', () => {
    const [slash] = findPhones('Tel. 089/1234567', { country: 'DE' });
    expect(slash).toEqual({ value: '0891234567', e164: '+49891234567', raw: '089/1234567', start: 5, end: 16 });
    for (const text of ['Tel: +1 714-879-3574 ext. 12', 'TEL: 03-7865 4321', '+49 (0)89 1234567', '+49 89/1234567']) {
      const found = findPhones(text, { country: 'US' });
      expect(found.length, text).toBeGreaterThan(0);
      for (const p of found) expect(p.value, text).toMatch(/^[+0-9 ().-]+$/);
    }
  });
});

describe('findTaxIds', () => {
  it.each<[string, string, string, 'eu_vat' | 'gstin', number]>([
    ['VAT DE123456789', 'DE123456789', 'DE123456789', 'eu_vat', 4],
    ['BTW BE 0712.447.905', 'BE0712447905', 'BE 0712.447.905', 'eu_vat', 4],
    ['USt-IdNr.: DE 123456789', 'DE123456789', 'DE 123456789', 'eu_vat', 11],
    ['FR 12 345678901', 'FR12345678901', 'FR 12 345678901', 'eu_vat', 0],
    ['ATU12345678', 'ATU12345678', 'ATU12345678', 'eu_vat', 0],
    ['NL123456789B01', 'NL123456789B01', 'NL123456789B01', 'eu_vat', 0],
    ['GB 123 4567 89', 'GB123456789', 'GB 123 4567 89', 'eu_vat', 0],
    ['VAT Reg No GB123456789', 'GB123456789', 'GB123456789', 'eu_vat', 11],
    ['CHE-123.456.789 MWST', 'CHE-123.456.789', 'CHE-123.456.789', 'eu_vat', 0],
    ['ESB12345678', 'ESB12345678', 'ESB12345678', 'eu_vat', 0],
    ['IT12345678901', 'IT12345678901', 'IT12345678901', 'eu_vat', 0],
    ['VAT IE1234567WA', 'IE1234567WA', 'IE1234567WA', 'eu_vat', 4],
    ['IE 1A23456B', 'IE1A23456B', 'IE 1A23456B', 'eu_vat', 0],
    ['RO 12', 'RO12', 'RO 12', 'eu_vat', 0],
    ['GSTIN: 22AAAAA0000A1Z5', '22AAAAA0000A1Z5', '22AAAAA0000A1Z5', 'gstin', 7],
  ])('reads %j as %s', (text, value, raw, kind, start) => {
    expect(findTaxIds(text)).toEqual([{ value, kind, raw, start, end: start + raw.length }]);
  });

  it.each([
    'DE12345678',
    'DE1234567890',
    'XDE123456789',
    'ATU1234567',
    'NL123456789',
    '22AAAAA0000A1Y5',
    '000849813504',
    'TOTAL 1234.50',
    'TEL: 03-7865 4321',
  ])('finds no shaped tax id in %j', (text) => {
    expect(findTaxIds(text)).toEqual([]);
  });

  it('finds several, left to right', () => {
    expect(findTaxIds('GSTIN 22AAAAA0000A1Z5 / VAT DE123456789').map((t) => [t.kind, t.value, t.start])).toEqual([
      ['gstin', '22AAAAA0000A1Z5', 6],
      ['eu_vat', 'DE123456789', 28],
    ]);
  });
});

describe('parseLabelledTaxId', () => {
  it.each<[string, string, string, number]>([
    [': 000849813504', '000849813504', '000849813504', 2],
    [' W10-1808-32000123', 'W10-1808-32000123', 'W10-1808-32000123', 1],
    [' (001375580160)', '001375580160', '001375580160', 2],
    [': 001234567890.', '001234567890', '001234567890', 2],
    [' : 12 345 678 9', '123456789', '12 345 678 9', 3],
    [': b16-1234-56789012', 'B16-1234-56789012', 'b16-1234-56789012', 2],
    // A dash standing alone ends the number: what follows is another label's (`APE 4725Z`).
    [' 834 771 029 00018 - APE 4725Z', '83477102900018', '834 771 029 00018', 1],
  ])('reads %j as %s', (text, value, raw, start) => {
    expect(parseLabelledTaxId(text)).toEqual({ value, kind: 'labelled', raw, start, end: start + raw.length });
  });

  it('adds the offset of the cut to the positions', () => {
    expect(parseLabelledTaxId(': 000849813504', 40)).toEqual({ value: '000849813504', kind: 'labelled', raw: '000849813504', start: 42, end: 54 });
  });

  it('prefers a shaped id, with its own kind, and offsets it too', () => {
    expect(parseLabelledTaxId(': DE123456789', 10)).toEqual({ value: 'DE123456789', kind: 'eu_vat', raw: 'DE123456789', start: 12, end: 23 });
    expect(parseLabelledTaxId(' 22AAAAA0000A1Z5')).toMatchObject({ value: '22AAAAA0000A1Z5', kind: 'gstin', start: 1 });
  });

  it.each([': 1234', ': ABC-12', ' (12-34)', ': N/A', '', '   '])('gives null for %j, which holds fewer than five digits', (text) => {
    expect(parseLabelledTaxId(text)).toBeNull();
  });

  it.each(['14/03/2018 5:57:07PM', '2018-04-06 17:36', ' 27 Mar 2018'])('gives null for the date %j printed under an empty label', (text) => {
    expect(parseLabelledTaxId(text)).toBeNull();
  });

  it('passes over a date to the number after it', () => {
    expect(parseLabelledTaxId('14/03/2018 : 001234567890')).toMatchObject({ value: '001234567890' });
  });
});
