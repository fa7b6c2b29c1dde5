// Currency normalizer on marks and codes as receipts and invoices print them.
import { describe, expect, it } from 'vitest';
import { documentCurrency, findCurrencies } from '../../engine/src/extract/normalize/currency.js';

const codes = (text: string, country?: string) => findCurrencies(text, { country }).map((c) => c.code);

describe('findCurrencies', () => {
  const cases: [string, string[]][] = [
    ['RM 12.50', ['MYR']],
    ['TOTAL RM12.50', ['MYR']],
    ['12,50 €', ['EUR']],
    ['Total EUR 12.50', ['EUR']],
    ['£3.99', ['GBP']],
    ['HK$ 50.00', ['HKD']],
    ['S$3.20', ['SGD']],
    ['US$ 10', ['USD']],
    ['CHF 12.00', ['CHF']],
    ['Fr. 1234.50', ['CHF']],
    ['RMB 20', ['CNY']],
    ['₹ 250', ['INR']],
    ['120 zł', ['PLN']],
    ['TOTAL USD 12 (EUR 11)', ['USD', 'EUR']],
  ];
  for (const [text, want] of cases) it(`reads ${JSON.stringify(text)} as ${want.join(', ')}`, () => expect(codes(text)).toEqual(want));

  it('ignores upper-case words that are also ISO codes, and words that only contain a mark', () => {
    // Nor letters inside a code of figures and letters (a cryptogram), while a code touching its amount stays one.
    expect(codes('D2AED542419EFB41')).toEqual([]);
    expect(codes('TOTAL 12.50EUR')).toEqual(['EUR']);
    for (const text of ['ALL ITEMS', 'TOP UP', 'GST 6% included', 'FROM THE SHOP', 'RMA-123', 'Kr. Str. 5']) {
      expect(codes(text), text).toEqual([]);
    }
  });

  it('reads the kuna only after a figure: before one its letters open a code', () => {
    expect(codes('IZNOS: 412,00 kn')).toEqual(['HRK']);
    expect(codes('UKUPNO 12 KN')).toEqual(['HRK']);
    expect(codes('TERMINAL-ID:KN493942  Transactienr. KN5URS0E7K')).toEqual([]);
  });

  it('reads no currency in a web address, nor three capitals opening a word with a digit for its O', () => {
    expect(findCurrencies('www.magazin.lei')).toEqual([]);
    expect(findCurrencies('SAR0K ABC')).toEqual([]);
    expect(findCurrencies('12,50 EUR').map((c) => c.code)).toEqual(['EUR']);
  });

  it('reads a shared mark as its most common currency, flagged, or by the country when known', () => {
    expect(findCurrencies('$12.00')[0]).toMatchObject({ code: 'USD' });
    expect(findCurrencies('$12.00')[0].alternatives).toContain('CAD');
    expect(codes('$12.00', 'SG')).toEqual(['SGD']);
    expect(codes('$12.00', 'ca')).toEqual(['CAD']);
    expect(codes('kr 120', 'NO')).toEqual(['NOK']);
    expect(codes('¥1200', 'CN')).toEqual(['CNY']);
    expect(findCurrencies('€5')[0].alternatives).toEqual([]);
  });

  it('reads a text without a shared mark the same for every country', () => {
    const plain = findCurrencies('TOTAL RM 12.00 EUR');
    expect(findCurrencies('TOTAL RM 12.00 EUR', { country: 'CA' })).toBe(plain);
    expect(codes('RM 12.00 $3', 'CA')).toEqual(['MYR', 'CAD']);
    expect(codes('RM 12.00 $3')).toEqual(['MYR', 'USD']);
  });

  it('places each find in the text', () => {
    const text = 'Subtotal HK$ 50.00';
    const [c] = findCurrencies(text);
    expect(text.slice(c.start, c.end)).toBe('HK$');
  });
});

describe('documentCurrency', () => {
  it('takes the currency found most often, unambiguous finds weighing double', () => {
    expect(documentCurrency(findCurrencies('$1.00 $2.00 EUR 3.00 EUR 4.00'))?.code).toBe('EUR');
    expect(documentCurrency(findCurrencies('RM 1.00 RM 2.00 USD 3'))?.code).toBe('MYR');
    expect(documentCurrency([])).toBeNull();
  });

  it('weighs a currency against a figure over one alone, and a mark of letters alone least', () => {
    // `CAD.` is a Spanish card's expiry (caducidad); `RM` Rome's province after the town.
    expect(documentCurrency(findCurrencies('CAD. **/**\nIMPORTE: 1.234,50 €'))?.code).toBe('EUR');
    expect(documentCurrency(findCurrencies('00186 ROMA RM\nIMPORTO EUR'))?.code).toBe('EUR');
    const [rm] = findCurrencies('TOTAL RM 12.50');
    expect(rm).toMatchObject({ code: 'MYR', beside: true, letters: true });
  });

  it('reads no franc in a range of weekdays (`Mo.-Fr.`), and still a ringgit after a minus', () => {
    expect(findCurrencies('Mo.-Fr. 08.30 - 12.30 Uhr')).toEqual([]);
    expect(findCurrencies('ROUNDING: -RM0.02').map((c) => c.code)).toEqual(['MYR']);
  });
});
