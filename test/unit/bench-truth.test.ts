import { describe, expect, it } from 'vitest';
import { amountOf, datesOf, matches, printedName, timeOf } from '../bench/extract-truth.js';

// The benchmark's scoring: a label must match what a person reading the document would accept.
describe('benchmark label comparison', () => {
  it('reads label amounts with a decimal comma or point and grouping either way', () => {
    expect(amountOf('11,50')).toBe(11.5);
    expect(amountOf('1.234,56')).toBe(1234.56);
    expect(amountOf('1,234.56')).toBe(1234.56);
    expect(amountOf('1,234')).toBe(1234);
    expect(amountOf('R318.00')).toBe(318);
    expect(amountOf('no figure')).toBeNull();
    // Cents alone, as till receipts print a small tax (`.35`).
    expect(amountOf('.35')).toBe(0.35);
    expect(amountOf('$.70')).toBe(0.7);
    expect(matches({ name: 'amount', path: 'amount', compare: 'amount', expected: '290,00' }, 290)).toBe(true);
    expect(matches({ name: 'amount', path: 'amount', compare: 'amount', expected: '290,00' }, 29000)).toBe(false);
  });

  it('reads dates whose label lost its spaces, and only those', () => {
    expect(datesOf('APRIL1,2016')).toEqual(['2016-04-01']);
    expect(datesOf('Feb11.2012')).toEqual(['2012-02-11']);
    expect(datesOf('Tuesday,March27th2018')).toEqual(['2018-03-27']);
    expect(datesOf('20180427')).toEqual(['2018-04-27']);
    expect(datesOf('no date here')).toEqual([]);
    expect(matches({ name: 'date', path: 'date', compare: 'date', expected: 'Jan31,2017' }, '2017-01-30')).toBe(false);
  });

  it('reads label times as HH:MM, twelve-hour ones included, and nothing else', () => {
    expect(timeOf('12:58PM')).toBe('12:58');
    expect(timeOf('9:14:51PM')).toBe('21:14');
    expect(timeOf('12:05AM')).toBe('00:05');
    expect(timeOf('19:19')).toBe('19:19');
    expect(timeOf('Datum05.11.1318:30Uhr')).toBeNull();
    expect(timeOf('25:10')).toBeNull();
    expect(matches({ name: 'time', path: 'transaction_time', compare: 'time', expected: '21:14' }, '21:14:51')).toBe(true);
    expect(matches({ name: 'time', path: 'transaction_time', compare: 'time', expected: '21:14' }, '09:14')).toBe(false);
  });

  it('takes a store name printed twice once, and keeps a name on two lines whole', () => {
    expect(printedName(['NOVOTEL', 'PEKANBARU', 'NOVOTELPEKANBARU'])).toBe('NOVOTELPEKANBARU');
    expect(printedName(['BURGERCRAFT', 'BurgerCraft'])).toBe('BURGERCRAFT');
    expect(printedName(['CHOEUN', 'KOREANRESTAURANT'])).toBe('CHOEUNKOREANRESTAURANT');
    expect(printedName(['AB', 'ABAB'])).toBe('ABABAB');
    expect(printedName([])).toBeNull();
  });
});
