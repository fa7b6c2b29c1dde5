import { describe, expect, it } from 'vitest';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { readConversion } from '../../engine/src/extract/find/dcc.js';
import { documentCountry } from '../../engine/src/extract/find/document-country.js';
import { layoutDocument } from '../../engine/src/extract/layout/document-text.js';
import { slipClientOcr } from '../support/slip-text.js';
import { readSlip } from '../support/read-slip.js';

const docOf = (text: string) => layoutDocument(parseClientOcr(slipClientOcr(text)).pages);

describe('readConversion', () => {
  it('takes the amount the rate turns the local price into, in the rate\'s other currency', () => {
    const c = readConversion(docOf('AMOUNT    GBP 120.00\nRATE 1 GBP = 1.2731 USD\nTOTAL     USD 152.77'), '.');
    expect(c).toMatchObject({ amount: 152.77, currency: 'USD' });
  });

  it('reads the rate as terminals quote it, one unit of the local currency in the card\'s', () => {
    const c = readConversion(docOf('BETRAG   USD 111,11\nKURS 1 USD = 0,9000 EUR\nKARTE    EUR 100,00'), ',');
    expect(c).toMatchObject({ amount: 100, currency: 'EUR' });
  });

  it('reads a rate printed in lower case, as some terminals print every row', () => {
    const c = readConversion(docOf('castka:  7 480,00 czk\nkurz: 1 czk = 0,04102 eur\ncelkem k uhrade:  306,83 eur'), ',');
    expect(c).toMatchObject({ amount: 306.83, currency: 'EUR' });
  });

  it('reads a rate with an O among its figures, as OCR reads a phone photo', () => {
    const c = readConversion(docOf('AMOUNT:                 EUR 412,80\nEXCHANGE RATE: 1 EUR = O,8612 GBP\nTOTAL                   GBP 355,50'), ',');
    expect(c).toMatchObject({ amount: 355.5, currency: 'GBP' });
  });

  it('makes the converted amount the slip\'s, above a local price labelled twice and printed last in its block', () => {
    // The local price's labels (`IMPORTE:`, `IMPORTE EUR:`) and its repetition rank it as high as a label can.
    const ex = readSlip(`TICKET:                     0044 1872
IMPORTE:                     9,85 EUR
VISA
TARJ.:               ************1234
IMPORTE EUR:                     9,85
TIPO DE CAMBIO:    1 EUR = 0,8712 GBP
IMPORTE TRANSACCION GBP:         8,58
          OPERACION APROBADA`);
    expect([ex.data.amount, ex.data.currency]).toEqual([8.58, 'GBP']);
  });

  it('reads a rate that names the local currency by its letter mark (TL)', () => {
    const c = readConversion(docOf('TUTAR / AMOUNT           9.600,00 TL\nKUR / RATE       1 EUR = 51,2480 TL\nTOPLAM / TOTAL            EUR 187.32'), ',');
    expect(c).toMatchObject({ amount: 187.32, currency: 'EUR' });
  });

  it('gives nothing where two equal figures fit a rate near one both ways round', () => {
    expect(readConversion(docOf('MONTANTE   EUR 1,00\nTAXA DE CAMBIO 1 EUR = 1,00320 CHF\nVALOR DEBITADO   1,00 CHF'), ',')).toBeNull();
  });

  it('gives nothing without a rate line, for a rate between one currency, or where no two figures agree', () => {
    expect(readConversion(docOf('TOTAL  EUR 12.00\nCASH 20.00'), '.')).toBeNull();
    expect(readConversion(docOf('Exchange Rate: 1 USD = 1.0000 USD\nTotal 409.50 USD\nAmount 400.00 USD'), '.')).toBeNull();
    expect(readConversion(docOf('AMOUNT EUR 10.00\nRATE 1 EUR = 1.1000 USD\nTOTAL USD 12.00'), '.')).toBeNull();
  });
});

describe('documentCountry', () => {
  it('names the country of a network used in one country, or of the language the slip\'s own words are in', () => {
    expect(documentCountry(['EFTPOS SAV', 'PURCHASE', 'TOTAL $12.00'])).toBe('AU');
    expect(documentCountry(['BELØB 125,00 kr.', 'BETALING GODKENDT', 'Gem kvitteringen'])).toBe('DK');
    expect(documentCountry(['TOTAL 12.00', 'THANK YOU'])).toBeNull();
  });

  it('names the United States from a state and its ZIP code, where no language names another country', () => {
    expect(documentCountry(['Maple Street Coffee', '507 ELM ST STE 2', 'AUSTIN, TX 78701', 'Total 6.58'])).toBe('US');
    expect(documentCountry(['SPRINGFIELD, IL 62704-1234'])).toBe('US');
    // A German postcode after `DE` on a German slip stays German.
    expect(documentCountry(['DE 10115 Berlin', 'Kartenzahlung', 'Betrag EUR 12,00', 'Zahlung erfolgt'])).toBe('DE');
    // Five figures after two capitals inside a longer number are no ZIP code.
    expect(documentCountry(['REF TX 123456', 'TOTAL 12.00'])).toBeNull();
  });
});
