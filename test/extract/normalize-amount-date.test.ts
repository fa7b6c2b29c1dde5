// Amount and date normalizers on strings as receipts and invoices print them.
import { describe, expect, it } from 'vitest';
import { dominantDecimal, findAmounts, parseAmount } from '../../engine/src/extract/normalize/amount.js';
import { documentDateOrder, findDates, parseDate, resolveDateOrder } from '../../engine/src/extract/normalize/date.js';

describe('parseAmount', () => {
  const cases: [string, number, ('.' | ',' | null)?][] = [
    ['12.50', 12.5, '.'],
    ['RM 12.50', 12.5, '.'],
    ['TOTAL: $1,234.56', 1234.56, '.'],
    ['1.234,56 EUR', 1234.56, ','],
    ['Summe 1\u00a0234,56 €', 1234.56, ','],
    ['CHF 1\u2019234.50', 1234.5, '.'],
    ["Fr. 1'234.50", 1234.5, '.'],
    ['DISC 30% 0.75-', -0.75, '.'],
    ['(12.50)', -12.5, '.'],
    ['-12,50', -12.5, ','],
    ['\u221212.50', -12.5, '.'],
    ['ROUNDING: -RM0.02', -0.02, '.'],
    ['TL .297.00', 297, '.'],
    ['CASH ·80.00', 80, '.'],
    ['Rabatt -€1,50', -1.5, ','],
    ['Discount -$ 5.00', -5, '.'],
    ['Total - RM5.00', 5, '.'],
    ['SST-RM2.00', 2, '.'],
    ['1,234,567.89', 1234567.89, '.'],
    ['1.234.567,89', 1234567.89, ','],
    ['250', 250, null],
    ['0.05', 0.05, '.'],
    ['Rounding 0,0', 0, ','],
  ];
  for (const [text, value, decimal] of cases) {
    it(`reads ${JSON.stringify(text)} as ${value}`, () => {
      const a = parseAmount(text);
      expect(a?.value).toBe(value);
      if (decimal !== undefined) expect(a?.decimal).toBe(decimal);
    });
  }

  it('reads one mark before three digits as thousands, flagged, unless the document writes decimals with it', () => {
    expect(parseAmount('1,234')).toMatchObject({ value: 1234, decimal: null, ambiguous: true });
    expect(parseAmount('1,234', { decimal: ',' })).toMatchObject({ value: 1.234, decimal: ',', ambiguous: true });
    expect(parseAmount('12.500', { decimal: '.' })).toMatchObject({ value: 12.5, ambiguous: true });
    expect(parseAmount('12.500', { decimal: ',' })).toMatchObject({ value: 12500, ambiguous: true });
  });

  it('reads a text without an ambiguous amount the same for every decimal mark, and settles the ambiguous one by it', () => {
    const plain = findAmounts('2 x 12.50 25.00');
    expect(findAmounts('2 x 12.50 25.00', { decimal: ',' })).toBe(plain);
    expect(findAmounts('1,234 12.50', { decimal: ',' }).map((a) => a.value)).toEqual([1.234, 12.5]);
    expect(findAmounts('1,234 12.50').map((a) => a.value)).toEqual([1234, 12.5]);
  });

  it('refuses mixed or misplaced grouping', () => {
    for (const text of ['1,23.4,5', '12,34,567', '1.234,567.8', '1.2.3']) expect(parseAmount(text), text).toBeNull();
  });

  it('reads a price with its tax class letter against it (8,50C), not a code of letters and figures', () => {
    expect(findAmounts('Chleb żytni           1 x8,50     8,50C').map((a) => a.value)).toContain(8.5);
    expect(findAmounts('ABC12,00D').map((a) => a.value)).toEqual([]);
    expect(findAmounts('Tabletki 12,50H').map((a) => a.value)).toEqual([]);
  });

  it('keeps the minus of a deduction before a class-lettered price (Rabat -5,00A), and none after a figure', () => {
    expect(findAmounts('  Rabat                             -5,00A').map((a) => a.value)).toEqual([-5]);
    expect(findAmounts('Pos 10-5,00A').map((a) => a.value)).toEqual([]);
  });

  it('does not read dates, times, percentages or codes as amounts', () => {
    // A rate a space before its sign (`PTU C 5,00 %`) is a percentage too.
    for (const text of ['18-04-2018', '18/04/2018', '20:27', '6%', '5,00 %', 'ABC123', 'X51006414680', 'SO-2019-001']) {
      expect(findAmounts(text), text).toEqual([]);
    }
  });

  it('parts columns at plain spaces: a quantity and a price stay two amounts', () => {
    expect(findAmounts('1 X 2.10 2.10').map((a) => a.value)).toEqual([1, 2.1, 2.1]);
    expect(findAmounts('Total 2 100.00').map((a) => a.value)).toEqual([2, 100]);
    // A currency code against the figure; other words against a figure are not currencies.
    expect(findAmounts('Nett Total: RM8.20').map((a) => a.value)).toEqual([8.2]);
    expect(findAmounts('EUR12,50').map((a) => a.value)).toEqual([12.5]);
    expect(findAmounts('FORM12.50 ARM3.00').map((a) => a.value)).toEqual([]);
  });

  it('gives each amount its place in the text', () => {
    const text = 'Sub-total 1.75 CASH 1.80';
    for (const a of findAmounts(text)) expect(text.slice(a.start, a.end).trim()).toBe(a.raw);
    expect(parseAmount(text)).toBeNull(); // two amounts: not one value
  });

  it('takes the decimal mark most unambiguous amounts of a document use', () => {
    expect(dominantDecimal(findAmounts('12,50 3,20 1.234,00 7,00'))).toBe(',');
    expect(dominantDecimal(findAmounts('12.50 3.20 1,000'))).toBe('.');
    expect(dominantDecimal(findAmounts('1,000 2,000'))).toBeUndefined();
  });
});

describe('parseDate', () => {
  const cases: [string, string, string][] = [
    ['18/04/2018 20:27', '2018-04-18', 'dmy'],
    ['2018-04-18', '2018-04-18', 'ymd'],
    ['2018/4/8', '2018-04-08', 'ymd'],
    ['04/18/2018', '2018-04-18', 'mdy'],
    ['26-04-18 16:59', '2018-04-26', 'dmy'],
    ['18.04.2018', '2018-04-18', 'dmy'],
    ['18 04 2018', '2018-04-18', 'dmy'],
    ['DATE 15 JAN 2018', '2018-01-15', 'dmy'],
    ['18-APR-18', '2018-04-18', 'dmy'],
    ['18APR18', '2018-04-18', 'dmy'],
    ['Apr 18, 2018', '2018-04-18', 'mdy'],
    ['September 3 2019', '2019-09-03', 'mdy'],
    ['5th January 2019', '2019-01-05', 'dmy'],
    ['18. März 2018', '2018-03-18', 'dmy'],
    ['3 févr. 2020', '2020-02-03', 'dmy'],
    ['12 dic 2021', '2021-12-12', 'dmy'],
    ['29/02/2020', '2020-02-29', 'dmy'],
    // Till printers' short year after an apostrophe.
    ["Jul19'14 12:36PM", '2014-07-19', 'mdy'],
    ["Jul.30'11(Sat)07:27", '2011-07-30', 'mdy'],
    ["20Mar'17 21:05", '2017-03-20', 'dmy'],
    ["04 NOV '17", '2017-11-04', 'dmy'],
    // Hungary writes the year first, each part closed by a point and a space.
    ['Dátum: 2025. 03. 14.', '2025-03-14', 'ymd'],
  ];
  for (const [text, value, order] of cases) {
    it(`reads ${JSON.stringify(text)} as ${value}`, () => {
      expect(parseDate(text)).toMatchObject({ value, order });
    });
  }

  it('reads a month\'s name printed or read with a zero for its O, keeping the text as printed', () => {
    expect(findDates("Oct 25 '14  0ct25'14").map((d) => d.value)).toEqual(['2014-10-25']);
    const [d] = findDates("Date 0ct25'14 07:53AM");
    expect(d.value).toBe('2014-10-25');
    expect(d.raw).toBe("0ct25'14");
    expect(findDates('12 N0V 2019')[0]?.value).toBe('2019-11-12');
    expect(findDates('Table 10 0ct')).toEqual([]);
  });

  it('refuses impossible dates and digits that belong to something else', () => {
    for (const text of ['31/02/2018', '29/02/2019', '13/13/2018', 'Tel 023-9200-1234', 'Invoice 2018041810', 'Qty 1 2 18', 'Tel. : 05.22.95.66.66', 'Fax 66.05.22.95']) {
      expect(findDates(text), text).toEqual([]);
    }
  });

  it('keeps both readings of a day/month that can swap', () => {
    expect(parseDate('01/02/2018')).toMatchObject({ value: '2018-02-01', order: 'dmy', alternative: { value: '2018-01-02', order: 'mdy' } });
    expect(parseDate('05/05/2018')?.alternative).toBeNull();
  });
});

describe('resolveDateOrder', () => {
  const today = new Date('2026-11-22T12:00:00Z');
  const ambiguous = parseDate('03/04/2025')!;

  it('follows the order the document shows elsewhere', () => {
    const order = documentDateOrder(findDates('Issued 04/18/2025, due 05/18/2025'));
    expect(order).toBe('mdy');
    expect(resolveDateOrder(ambiguous, { documentOrder: order, today })).toEqual({ value: '2025-03-04', order: 'mdy', reason: 'document' });
  });

  it('reads month first for dollar documents without other evidence', () => {
    expect(resolveDateOrder(ambiguous, { currency: 'USD', today })).toMatchObject({ value: '2025-03-04', reason: 'currency' });
  });

  it('reads day first on a dollar slip of a country that writes the day first (a card charged in dollars in Spain)', () => {
    expect(resolveDateOrder(ambiguous, { currency: 'USD', country: 'ES', today })).toMatchObject({ value: '2025-04-03', reason: 'default' });
  });

  it('reads month first in the United States', () => {
    expect(resolveDateOrder(ambiguous, { country: 'US', today })).toMatchObject({ value: '2025-03-04', reason: 'country' });
    expect(resolveDateOrder(ambiguous, { country: 'GB', today })).toMatchObject({ value: '2025-04-03', reason: 'default' });
  });

  it('reads a date with points day first, even in dollars or in the United States', () => {
    expect(resolveDateOrder(parseDate('07.03.24')!, { currency: 'USD', country: 'US', today })).toEqual({ value: '2024-03-07', order: 'dmy', reason: 'unambiguous' });
    expect(parseDate('07.03.24')?.alternative).toBe(null);
    // Month first only where day first is no date.
    expect(parseDate('05.31.26')?.value).toBe('2026-05-31');
    expect(resolveDateOrder(parseDate('07/03/24')!, { currency: 'USD', today })).toMatchObject({ value: '2024-07-03', reason: 'currency' });
  });

  it('rules out a reading in the future', () => {
    const d = parseDate('11/12/2026')!; // 11 Dec 2026 is ahead of today; 12 Nov 2026 is not
    expect(resolveDateOrder(d, { today })).toMatchObject({ value: '2026-11-12', reason: 'not_in_future' });
  });

  it('falls back to day first, and says so', () => {
    expect(resolveDateOrder(ambiguous, { today })).toEqual({ value: '2025-04-03', order: 'dmy', reason: 'default' });
    expect(resolveDateOrder(parseDate('18/04/2018')!, { today })).toMatchObject({ value: '2018-04-18', reason: 'unambiguous' });
  });

  it('reads a Swedish short date year first, and only a dashed two-digit one', () => {
    expect(resolveDateOrder(parseDate('26-09-05')!, { country: 'SE', today })).toEqual({ value: '2026-09-05', order: 'ymd', reason: 'country' });
    expect(resolveDateOrder(parseDate('26-09-05')!, { country: 'DK', today })).toMatchObject({ value: '2005-09-26', reason: 'unambiguous' });
    expect(resolveDateOrder(parseDate('26.09.2005')!, { country: 'SE', today })).toMatchObject({ value: '2005-09-26', reason: 'unambiguous' });
    // No year-first reading exists (month 31): the usual order stands.
    expect(resolveDateOrder(parseDate('05-31-26')!, { country: 'SE', today })).toMatchObject({ value: '2026-05-31' });
  });

  it('finds no document order when the dates disagree or all could swap', () => {
    expect(documentDateOrder(findDates('18/04/2018 and 04/18/2018'))).toBeUndefined();
    expect(documentDateOrder(findDates('01/02/2018'))).toBeUndefined();
  });
});
