import { describe, expect, it } from 'vitest';
import { readSlip as read, readTillReceipt as readReceipt } from '../support/read-slip.js';

// Icelandic card-terminal slips and till receipts (krónur, printed in whole units), read by the
// words of is.json.
describe('Icelandic card-terminal slips', () => {
  it('reads a contactless Visa sale of a Posi terminal', () => {
    const ex = read(`      Kaffihúsið Hafnarbakki
            Geirsgata 7
           101 Reykjavík
          Kt. 530619-1180

               SALA
          AFRIT KORTHAFA

Dags: 09.09.2025          Kl: 15:37
Söluaðili:                  7710423
Posi:                      30912274
Færslunr.:                   000381
Heimildarnr.:                684120

VISA
**** **** **** 1842
Snertilaust
AID: A0000000031010

UPPHÆÐ:                   ISK 4.590

             SAMÞYKKT`);
    expect(ex.data).toMatchObject({
      merchant: 'Kaffihúsið Hafnarbakki',
      merchant_address: 'Geirsgata 7, 101 Reykjavík',
      merchant_id: '7710423',
      terminal_id: '30912274',
      trace_number: '000381',
      auth_code: '684120',
      transaction_type: 'sale',
      entry_method: 'contactless',
      amount: 4590,
      currency: 'ISK',
      transaction_date: '2025-09-09',
      transaction_time: '15:37',
      approved: true,
    });
    expect(ex.fields.amount.confidence).toBeGreaterThan(0.9);
  });

  it('reads a declined refund and its kr. as krónur', () => {
    const ex = read(`BÓKABÚÐIN\nLaugavegur 18\n101 Reykjavík\nENDURGREIÐSLA\nMastercard\n************5521\nUpphæð: 12.900 kr.\nHAFNAÐ`);
    expect(ex.data.transaction_type).toBe('refund');
    expect(ex.data.approved).toBe(false);
    expect(ex.data.amount).toBe(12900);
    expect(ex.data.currency).toBe('ISK');
  });

  it('reads a street named in the dative as addresses print it (Skógavegi, Suðurgötu)', () => {
    expect(read(`HÓTEL SKÓGAR\nSkógavegi 2\n861 Hvolsvöllur\nVisa\n************5521\nUpphæð: 12.900 kr.`).data.merchant_address).toBe('Skógavegi 2, 861 Hvolsvöllur');
    expect(read(`KAFFIHÚS\nSuðurgötu 10\n101 Reykjavík\nVisa\n************5521\nUpphæð: 900 kr.`).data.merchant_address).toBe('Suðurgötu 10, 101 Reykjavík');
  });
});

describe('Icelandic till receipts', () => {
  it('reads the total, the VAT and the change in whole krónur', () => {
    const ex = readReceipt(`BAKARÍ SANDHOLT
Laugavegur 36
101 Reykjavík
Kvittun nr 4471
Kleina                 390
Rúgbrauð             1.190
Samtals ISK          1.580
Þar af VSK 11%         157
Reiðufé              2.000
Til baka               420`);
    expect(ex.data.amount).toBe(1580);
    expect(ex.data.currency).toBe('ISK');
    expect(ex.data.tax_amount).toBe(157);
    expect(ex.data.change).toBe(420);
    expect(ex.data.receipt_number).toBe('4471');
  });
});
