// National card networks, wrong PINs, staff signatures and label words of Swiss, Benelux, Baltic
// and central European prints (issue 30, round 18): each check failed before the change it names.
import { describe, expect, it } from 'vitest';
import { readConversion } from '../../engine/src/extract/find/dcc.js';
import { layoutDocument } from '../../engine/src/extract/layout/document-text.js';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { slipClientOcr } from '../support/slip-text.js';
import { readSlip as read, readTillReceipt } from '../support/read-slip.js';

describe('card networks outside the scheme list', () => {
  it('reads a national network as the list\'s other, and a co-badged card\'s listed scheme over it', () => {
    expect(read(`DANKORT\n************1234\nKøb  DKK 120,00\nGODKENDT`).data.card_scheme).toBe('other');
    expect(read(`POSTFINANCE CARD\n**** **** **** 1234\nKauf  CHF 12.50`).data.card_scheme).toBe('other');
    expect(read(`Visa/Dankort\n************1234\nKøb  DKK 120,00\nGODKENDT`).data.card_scheme).toBe('visa');
  });
});

describe('verification that is none', () => {
  it('reads no PIN verification from a PIN entered wrong, nor a signature from a staff signature line', () => {
    expect(read(`MAESTRO ************1234\nSUMA 12,00 RON\nPIN INCORECT\nTRANZACTIE REFUZATA`).data.verification_method).not.toBe('pin');
    expect(read(`RETUR\nMAESTRO ************1234\nSUMA 12,00 RON\nSemnatura comerciant ..........`).data.verification_method).toBeNull();
    expect(read(`Kontaktivaba\nVISA ************1234\nSumma 4,20 EUR\nAllkirja ei nõuta`).data.verification_method).toBe('none');
    expect(read(`Bezkontakta\nVISA ************1234\nSumma 4,20 EUR\nPIN netika pieprasīts`).data.verification_method).toBe('none');
  });
});

describe('label words of round 18', () => {
  it('reads the short and local labels of Swiss, Benelux and Baltic prints', () => {
    expect(read(`MASTERCARD ************1234\nAutor.:                    482019\nMontant CHF 12.50`).data.auth_code).toBe('482019');
    expect(readTillReceipt(`BOULANGERIE\n05.12.2025 08:03   Caisse 2   Vend.: Nadia\nPAIN   3.20\nTOTAL  3.20`).data.cashier).toBe('Nadia');
    expect(readTillReceipt(`APOTHEEK\nKasticket nr. 4412/18830\nZALF   6,20\nTOTAAL 6,20`).data.receipt_number).toBe('4412/18830');
    expect(read(`VISA ************1234\nTERM. LU902281   PREK. 3301229840\nSUMA 12,00 EUR`).data.merchant_id).toBe('3301229840');
    expect(read(`Buchung Reservation\nVISA ************1234\nReservierter Betrag CHF 900.00\nBelasteter Betrag CHF 742.60`).data.transaction_type).toBe('completion');
    expect(read(`PRODAJA\nVISA ************1234\nBroj slipa: 1184              Batch: 0093\nIZNOS 12,00 EUR`).data.receipt_number).toBe('1184');
    expect(readTillReceipt(`POTRAVINY\nCHLIEB  5,40\nSpolu   5,40\nHotovosť:   10,00 EUR\nVydané:      4,60 EUR`).data.change).toBe(4.6);
  });

  it('reads no receipt number from a tax total whose label holds a till\'s word (TOTAL TVA BON 8,33)', () => {
    const ro = readTillReceipt(`MAGAZIN\nPAINE   52,20 A\nTOTAL LEI   52,20\nTOTAL TVA BON                    8,33\nOPERATOR: 1  NR. BON: 3317`);
    expect(ro.data.receipt_number).toBe('3317');
  });

  it('reads a labelled tax number with an O among its figures', () => {
    expect(readTillReceipt(`KAFIC\nOIB: 19O44772135\nKAVA  1,70\nUKUPNO 1,70`).data.merchant_tax_id).toBe('19044772135');
  });
});

describe('a conversion in a currency without minor units', () => {
  it('reads whole thousands grouped by a space beside their code', () => {
    const doc = layoutDocument(parseClientOcr(slipClientOcr('Tranzakció összege:       62 400 HUF\nÁrfolyam:     1 EUR = 401,2870 HUF\nTerhelt összeg:           155,50 EUR')).pages);
    expect(readConversion(doc, ',')).toMatchObject({ amount: 155.5, currency: 'EUR' });
  });
});

describe('Baltic prints and photographed figures', () => {
  it('reads a Lithuanian street by its short word, and no bank or registration row as the shop\'s', () => {
    const lt = read(`DEGALINĖ "KELIAS"\nVilniaus pl. 14, Panevėžys\nLT-35101\nVISA ************1234\nSUMA 12,00 EUR`);
    expect(lt.data.merchant_address).toBe('Vilniaus pl. 14, Panevėžys, LT-35101');
    const lv = read(`SEB banka\nSIA "DĀRZA CENTRS ZIEDS"\nRīgas iela 52, Valmiera, LV-4201\nVISA ************1234\nSumma 12,00 EUR`);
    expect(lv.data.merchant).toBe('SIA "DĀRZA CENTRS ZIEDS"');
    const till = readTillReceipt(`PARDUOTUVĖ\nSavanorių pr. 174, Vilnius\nĮm. k. 304418215\nDUONA   1,20\nVISO    1,20`);
    expect(till.data.merchant_address).toBe('Savanorių pr. 174, Vilnius');
  });

  it('reads a cashier after a label printed in two languages', () => {
    expect(readTillReceipt(`POOD\nKassiir / Кассир: Svetlana\nLEIB  1,20\nKOKKU 1,20`).data.cashier).toBe('Svetlana');
  });

  it('reads figures a photo thinned into letters: a price after its currency, a receipt number of O\'s, an AID, a minute', () => {
    expect(read(`VISA ************1234\nSUMMA:          EUR 2B,90\nTšekk nr: 0O731`).data.amount).toBe(28.9);
    expect(read(`VISA ************1234\nKuitti OO84\nSumma  EUR 4,20`).data.receipt_number).toBe('0084');
    expect(read(`MASTERCARD ************1234\nAlD: AOOOOOOOO41O1O\nSUMA: EUR 9,20`).data.application_id).toBe('A0000000041010');
    expect(read(`VISA ************1234\nLaikas: 16:4l\nSUMA: EUR 9,20`).data.transaction_time).toBe('16:41');
    // A price alone in its cell after the row's currency box (`Juomaraha    EUR  S,8O`).
    const tip = read(`VISA ************1234\nSumma        EUR S4,2O\nJuomaraha    EUR  S,8O\nYhteensä     EUR 6O,OO`);
    expect([tip.data.base_amount, tip.data.tip, tip.data.amount]).toEqual([54.2, 5.8, 60]);
  });
});
